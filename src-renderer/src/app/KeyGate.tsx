import { useState, type FormEvent } from 'react';
import { createClient, isApiError } from '../../../src-service/client';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { describeError } from '../ui/ErrorNotice';

/** Prints the local key in full (`keys list` shows only prefixes: the database keeps hashes). */
const LOCAL_KEY_COMMAND = 'npm run --silent cli -- keys local';

/**
 * Web mode without a key: reaching the port is not enough to use the API, so the page
 * asks for the key and checks it before going on.
 */
export function KeyGate({ baseUrl, reason, onKey }: { baseUrl: string; reason?: string; onKey: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>(reason);
  const [pastedPrefix, setPastedPrefix] = useState(false);
  const [isChecking, setChecking] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const candidate = key.trim();
    setPastedPrefix(false);
    if (!candidate) return setError('Paste a key first.');
    // `keys list` ends a prefix with "…", which no HTTP header can carry: answer without asking.
    if (!SENDABLE.test(candidate)) {
      setPastedPrefix(looksLikePrefix(candidate));
      return setError(
        looksLikePrefix(candidate) ? refusedMessage(candidate) : 'A key holds only letters, digits and punctuation, without spaces. Check what you pasted.',
      );
    }
    setChecking(true);
    try {
      await createClient({ baseUrl, apiKey: candidate }).account();
      onKey(candidate);
    } catch (err) {
      const refused = isApiError(err) && err.status === 401;
      setPastedPrefix(refused && looksLikePrefix(candidate));
      setError(refused ? refusedMessage(candidate) : describeError(err));
    } finally {
      setChecking(false);
    }
  }

  return (
    <main className="gate">
      <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="gate-title">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            FF
          </span>
          <h1 id="gate-title" className="gate-title">
            Connect to FFDesk
          </h1>
        </div>
        <p className="muted">
          Paste the API key. <code>npm start</code> prints it; <code>npm run serve</code> prints where it is (the file <code>local-api-key</code> in
          FFDesk&apos;s data folder). To print it, run <code>{LOCAL_KEY_COMMAND}</code> in the FFDesk folder: the key is its last line. It stays in this browser
          only.
        </p>
        <Field label="API key" error={error}>
          {(props) => (
            <input {...props} className="input mono" type="password" autoComplete="off" autoFocus value={key} onChange={(e) => setKey(e.target.value)} />
          )}
        </Field>
        <div role="status">
          {pastedPrefix && (
            <div className="notice notice-warning">
              <p>
                <code>keys list</code> shows only the first characters of each key. Print the whole local key with <code>{LOCAL_KEY_COMMAND}</code> and paste
                its last line.
              </p>
            </div>
          )}
        </div>
        <Button variant="primary" type="submit" disabled={isChecking}>
          {isChecking ? 'Checking…' : 'Connect'}
        </Button>
        <p className="small muted">Service: {baseUrl}</p>
      </form>
    </main>
  );
}

/** `keys list` prints a 10-character prefix with an ellipsis; keys FFDesk makes are `ffd_` + 43 characters. */
const PREFIX_LENGTH = 10;
/** Printable ASCII: what an `X-API-KEY` header value can hold. */
const SENDABLE = /^[\x21-\x7e]+$/;
const GENERATED_KEY_LENGTH = 47;

/** A refused key that is (the start of) what `keys list` printed rather than a whole key. */
function looksLikePrefix(candidate: string): boolean {
  if (/(…|\.\.\.)$/.test(candidate)) return true;
  return candidate.length <= PREFIX_LENGTH || (candidate.startsWith('ffd_') && candidate.length < GENERATED_KEY_LENGTH);
}

function refusedMessage(candidate: string): string {
  if (looksLikePrefix(candidate)) return "That's a prefix, not the whole key.";
  return 'That key was refused. Check that you copied all of it.';
}
