import type { StoredFile } from '../../../../src-service/client';
import { formatMbytes } from '../../lib/format';
import { displayName } from '../../lib/media';

/** Picks a stored file by name (newest first); private files are marked. */
export function StoredFilePicker({
  files,
  value,
  label,
  onPick,
  filter,
}: {
  files: StoredFile[];
  value: string | undefined;
  label: string;
  onPick(file: StoredFile): void;
  filter?: (f: StoredFile) => boolean;
}) {
  const usable = files.filter((f) => f.status === 'STORED' && !f.is_deleted && (filter ? filter(f) : true));
  if (usable.length === 0) return <p className="small muted">No stored files yet: upload some on the Uploads screen.</p>;
  return (
    <select
      className="select"
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => {
        const file = usable.find((f) => f.file_id === e.target.value);
        if (file) onPick(file);
      }}
    >
      <option value="" disabled>
        Choose a stored file…
      </option>
      {usable.map((f) => (
        <option key={f.file_id} value={f.file_id}>
          {displayName(f)} · {f.file_type ?? 'file'} · {formatMbytes(f.size_mbytes)}
          {f.is_private ? ' · private' : ''}
        </option>
      ))}
    </select>
  );
}
