import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../lib/api';
import { useEventHub } from '../../lib/events';
import { hrefOf } from '../../lib/router';
import { Button } from '../../ui/Button';
import { describeError } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { waitForStored } from './wait-stored';

type Fetch = { status: 'fetching'; url: string } | { status: 'stored'; fileId: string; name: string } | { status: 'failed'; url: string; why: string };

/**
 * `POST /v1/files/store-file` (docs/api.md §4.7): the service fetches, probes and stores the file,
 * and the form follows it to the end: stored (with a link to it in Files), or failed with the
 * service's reason and the URL put back in the field to mend. Before, the field was cleared at once
 * and a failed fetch was only found under Files → "Failed or discarded".
 */
export function StoreFromUrlForm() {
  const { client } = useApi();
  const hub = useEventHub();
  const [url, setUrl] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const [fetching, setFetching] = useState<Fetch | null>(null);
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const asked = url.trim();
    if (!/^https?:\/\/\S+$/i.test(asked)) return setError('Give an http or https URL.');
    setBusy(true);
    try {
      const { file_id } = await client.storeFile({ file_url: asked, is_private: isPrivate || undefined });
      setUrl('');
      setError(undefined);
      setFetching({ status: 'fetching', url: asked });
      following.current?.abort();
      const ctl = new AbortController();
      following.current = ctl;
      waitForStored(client, hub, file_id, { signal: ctl.signal }).then(
        (f) => setFetching({ status: 'stored', fileId: f.file_id, name: f.filename ?? asked }),
        (err: unknown) => {
          if (ctl.signal.aborted) return;
          setFetching({ status: 'failed', url: asked, why: describeError(err) });
          setUrl((now) => now || asked);
        },
      );
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="store-url-title">
      <h2 id="store-url-title" style={{ fontSize: 'var(--text-l)' }}>
        Store from a URL
      </h2>
      <Field label="File URL" hint="Any public link, including links to files stored here." error={error}>
        {(p) => (
          <input {...p} className="input mono" type="url" placeholder="https://example.com/clip.mp4" value={url} onChange={(e) => setUrl(e.target.value)} />
        )}
      </Field>
      <div className="row">
        <label className="checkbox">
          <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} /> Private
        </label>
        <span className="spacer" />
        <Button type="submit" variant="primary" disabled={isBusy}>
          {isBusy ? 'Sending…' : 'Store file'}
        </Button>
      </div>
      <p className="small" role="status" data-testid="store-url-state">
        {fetching?.status === 'fetching' && <span className="muted">Fetching {fetching.url}… it is probed once downloaded.</span>}
        {fetching?.status === 'stored' && (
          <>
            Stored {fetching.name}. <a href={hrefOf({ name: 'files', id: fetching.fileId })}>Show in Files</a>
          </>
        )}
        {fetching?.status === 'failed' && (
          <span className="field-error">
            Could not store {fetching.url}: {fetching.why} The URL is back in the field to mend.
          </span>
        )}
      </p>
    </form>
  );
}
