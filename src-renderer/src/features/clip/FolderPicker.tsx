import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import type { ClipApi, LocalFoldersResponse } from './clip-api';
import { ClipDialog } from './ClipDialog';

/**
 * The web-mode folder picker: folders under the home folder, listed by the service (the
 * local account on a loopback service only; anyone else gets the service's 403 here).
 */
export function FolderPicker({ api, start, onPick, onClose }: { api: ClipApi; start?: string; onPick(path: string): void; onClose(): void }) {
  const [listing, setListing] = useState<LocalFoldersResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = (path?: string) =>
    api.folders(path).then(
      (l) => (setListing(l), setError(null)),
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  useEffect(() => {
    // Listed once when the picker opens; later moves go through open().
    void open(start);
  }, []);
  return (
    <ClipDialog title="Choose a folder" onClose={onClose}>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {listing && (
        <div className="stack">
          <code className="small truncate" aria-label="Current folder">
            {listing.path}
          </code>
          <ul className="clip-folders" aria-label="Folders">
            {listing.parent && (
              <li>
                <Button size="small" variant="ghost" onClick={() => void open(listing.parent ?? undefined)}>
                  ↰ Up
                </Button>
              </li>
            )}
            {listing.entries.map((e) => (
              <li key={e.path}>
                <Button size="small" variant="ghost" onClick={() => void open(e.path)}>
                  {e.name}/
                </Button>
              </li>
            ))}
            {listing.entries.length === 0 && <li className="muted small">No sub-folders.</li>}
          </ul>
        </div>
      )}
      <div className="row">
        <span className="spacer" />
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" disabled={!listing} onClick={() => listing && onPick(listing.path)}>
          Save here
        </Button>
      </div>
    </ClipDialog>
  );
}
