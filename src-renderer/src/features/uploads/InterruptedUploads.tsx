import { useState } from 'react';
import { useApi } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { Button } from '../../ui/Button';
import { isRunningHere } from './browser-upload';
import { confirmedBytes, forgetUpload, savedUploads, type SavedUpload } from './resume-store';
import type { UploadItem } from './upload-stats';

/**
 * Uploads cut off by a reload or a closed window, still held by the service: choosing the
 * same file again continues from the parts already sent; Discard frees the session.
 */
export function InterruptedUploads({ items }: { items: UploadItem[] }) {
  const { client } = useApi();
  const [, rerender] = useState(0);
  const inQueue = new Set(items.map((i) => i.fileId));
  const list = savedUploads().filter((u) => !inQueue.has(u.fileId) && !isRunningHere(u.fileId));
  if (list.length === 0) return null;
  const discard = (u: SavedUpload) => {
    forgetUpload(u.fileId);
    rerender((n) => n + 1);
    void client.abortUpload(u.fileId).catch(() => undefined);
  };
  return (
    <div className="card stack" role="region" aria-label="Interrupted uploads">
      <strong>Interrupted uploads</strong>
      <p className="small muted">Choose the same file again to continue where it stopped.</p>
      <ul className="stack" role="list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((u) => (
          <li key={u.fileId} className="row small" aria-label={`Interrupted upload of ${u.name}`}>
            <span className="truncate" style={{ flex: 1 }}>
              {u.name}
            </span>
            <span className="muted">
              {formatBytes(confirmedBytes(u))} of {formatBytes(u.size)} sent
            </span>
            <Button size="small" onClick={() => discard(u)}>
              Discard
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
