import { useState, type FormEvent } from 'react';
import { createClient, isApiError } from '../../../src-service/client';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { describeError } from '../ui/ErrorNotice';

/**
 * Web mode without a key: reaching the port is not enough to use the API, so the page
 * asks for the key and checks it before going on.
 */
export function KeyGate({ baseUrl, reason, onKey }: { baseUrl: string; reason?: string; onKey: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>(reason);
  const [isChecking, setChecking] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const candidate = key.trim();
    if (!candidate) return setError('Paste a key first.');
    setChecking(true);
    try {
      await createClient({ baseUrl, apiKey: candidate }).account();
      onKey(candidate);
    } catch (err) {
      setError(isApiError(err) && err.status === 401 ? refusedMessage(candidate) : describeError(err));
    } finally {
      setChecking(false);
    }
  }

  return (
    <main className="gate">
      <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="gate-title">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">FF</span>
          <span id="gate-title">Connect to FFDesk</span>
        </div>
        <p className="muted">
          Paste the API key printed by <code>npm start</code>, or the whole content of the file <code>local-api-key</code> in FFDesk's data folder
          (<code>keys list</code> shows only a key's first characters). It stays in this browser only.
        </p>
        <Field label="API key" error={error}>
          {(props) => <input {...props} className="input mono" type="password" autoComplete="off" autoFocus value={key} onChange={(e) => setKey(e.target.value)} />}
        </Field>
        <Button variant="primary" type="submit" disabled={isChecking}>
          {isChecking ? 'Checking…' : 'Connect'}
        </Button>
        <p className="small muted">Service: {baseUrl}</p>
      </form>
    </main>
  );
}

/** `keys list` prints a 10-character prefix (with an ellipsis): a likely paste, never a key. */
const PREFIX_LENGTH = 10;

function refusedMessage(candidate: string): string {
  const bare = candidate.replace(/(…|\.\.\.)$/, '');
  if (bare.length <= PREFIX_LENGTH) {
    return "That looks like a key's prefix, as `keys list` prints it, not the key itself. Paste the whole key from the file local-api-key in the data folder.";
  }
  return 'That key was refused. Check that you copied all of it.';
}
