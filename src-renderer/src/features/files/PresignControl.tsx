import type { StoredFile } from '../../../../src-service/client';
import { useState } from 'react';
import { useApi } from '../../lib/api';
import { CopyButton } from '../../ui/CopyButton';

const TTLS = [
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '1 day' },
  { seconds: 7 * 86_400, label: '7 days (maximum)' },
  { seconds: 300, label: '5 minutes' },
];

/**
 * Who can read the file, said once (docs/gui.md, "Files"): a public file's URL is open to
 * anyone; a private one is shared with a time-limited signed link (docs/api.md §4.9); a file
 * with no stored bytes (unfinished, failed, deleted) has nothing to share either way.
 */
export function AccessSection({ file }: { file: StoredFile }) {
  const hasBytes = file.status === 'STORED' && !file.is_deleted;
  const kind = file.is_private ? 'private' : 'public';
  return (
    <section className="stack" aria-label="Access">
      <h3 className="small">Access</h3>
      {!hasBytes ? (
        <p className="small muted" data-testid="file-access">
          Nothing to share: {file.is_deleted ? 'the file was deleted' : file.status === 'FAILED' ? 'nothing was stored' : 'the file is not stored yet'}. Once
          stored it will be {kind}.
        </p>
      ) : file.is_private ? (
        <>
          <p className="small" data-testid="file-access">
            Private: readable with your key, or by anyone holding a time-limited link.
          </p>
          <PresignControl fileId={file.file_id} />
        </>
      ) : (
        <p className="small" data-testid="file-access">
          Public: its link opens without a key and with no time limit, for anyone who can reach this FFDesk. Use “Copy URL”.
        </p>
      )}
    </section>
  );
}

/** A time-limited signed link (docs/api.md §4.9) for a private file. */
function PresignControl({ fileId }: { fileId: string }) {
  const { client } = useApi();
  const [ttl, setTtl] = useState(3600);
  const [lastUrl, setLastUrl] = useState<string | null>(null);
  async function presign(): Promise<string> {
    const file = await client.getFile(fileId, { presignedTtlSeconds: ttl });
    if (!file.storage_url) throw new Error('No link: the file was deleted');
    setLastUrl(file.storage_url);
    return file.storage_url;
  }
  return (
    <div className="stack">
      <div className="row">
        <select className="select" aria-label="Presigned link lifetime" value={ttl} onChange={(e) => setTtl(Number(e.target.value))} style={{ width: 170 }}>
          {TTLS.map((t) => (
            <option key={t.seconds} value={t.seconds}>
              {t.label}
            </option>
          ))}
        </select>
        <CopyButton label="Copy presigned link" done="Presigned link copied" getText={presign} />
      </div>
      {lastUrl && <input className="input mono small" readOnly aria-label="Last presigned link" value={lastUrl} onFocus={(e) => e.target.select()} />}
    </div>
  );
}
