import { useState } from 'react';
import { useApi } from '../../lib/api';
import { CopyButton } from '../../ui/CopyButton';

const TTLS = [
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '1 day' },
  { seconds: 7 * 86_400, label: '7 days (maximum)' },
  { seconds: 300, label: '5 minutes' },
];

/** A time-limited signed link (docs/api.md §4.9), for private files or to share without the key. */
export function PresignControl({ fileId, isPrivate }: { fileId: string; isPrivate: boolean }) {
  const { client } = useApi();
  const [ttl, setTtl] = useState(3600);
  const [lastUrl, setLastUrl] = useState<string | null>(null);
  async function presign(): Promise<string> {
    const file = await client.getFile(fileId, { presignedTtlSeconds: ttl });
    if (!file.storage_url) throw new Error('No link: the file was deleted');
    setLastUrl(file.storage_url);
    return file.storage_url;
  }
  // A public file's URL is already open to anyone and does not expire: a "time-limited"
  // link would be a false promise (the service answers the same permanent URL).
  if (!isPrivate) return <p className="small muted">This file is public: its URL works for anyone, with no time limit. Use “Copy URL”.</p>;
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
