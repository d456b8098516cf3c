import { useState, type FormEvent } from 'react';
import { useApi } from '../../lib/api';
import { Button } from '../../ui/Button';
import { describeError } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast';

/** `POST /v1/files/store-file` (docs/api.md §4.7): the service fetches, probes and stores the file. */
export function StoreFromUrlForm() {
  const { client } = useApi();
  const [url, setUrl] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return setError('Give an http or https URL.');
    setBusy(true);
    try {
      await client.storeFile({ file_url: url.trim(), is_private: isPrivate || undefined });
      showToast('Storing: it appears in Files once downloaded and probed.');
      setUrl('');
      setError(undefined);
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
    </form>
  );
}
