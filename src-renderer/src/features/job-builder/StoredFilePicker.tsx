import { useState } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import type { InputKind } from '../../lib/input-kinds';
import { describePickerRow, hiddenByKind, pickerRows } from '../../lib/picker-files';
import { Button } from '../../ui/Button';

/**
 * Picks a stored file: only the kinds the command reads (a switch shows the rest), newest
 * first, with size, duration and date; identical content is one row ("3 copies").
 */
export function StoredFilePicker({
  files,
  value,
  label,
  onPick,
  filter,
  kinds,
}: {
  files: StoredFile[];
  value: string | undefined;
  label: string;
  onPick(file: StoredFile): void;
  filter?: (f: StoredFile) => boolean;
  /** The kinds the command can read for this input; absent: every kind. */
  kinds?: readonly InputKind[];
}) {
  const [isEveryKind, setEveryKind] = useState(false);
  const candidates = filter ? files.filter(filter) : files;
  const rows = pickerRows(candidates, kinds && !isEveryKind ? kinds : null);
  const hidden = kinds ? hiddenByKind(candidates, kinds) : 0;
  const switchButton = kinds && (hidden > 0 || isEveryKind) && (
    <Button size="small" variant="ghost" aria-pressed={isEveryKind} onClick={() => setEveryKind((v) => !v)}>
      {isEveryKind ? `Only ${kinds.join(' or ')} files` : `Show other kinds too (${hidden})`}
    </Button>
  );
  if (rows.length === 0)
    return (
      <div className="row-wrap">
        <p className="small muted">
          {kinds && !isEveryKind
            ? `No stored ${kinds.join(' or ')} files yet: upload some on the Uploads screen.`
            : 'No stored files yet: upload some on the Uploads screen.'}
        </p>
        {switchButton}
      </div>
    );
  // A picked file that is a copy shows as its row's newest copy.
  const picked = rows.find(
    (r) => r.file.file_id === value || (r.file.content_hash && files.find((f) => f.file_id === value)?.content_hash === r.file.content_hash),
  );
  return (
    <div className="row-wrap">
      <select
        className="select"
        aria-label={label}
        value={picked?.file.file_id ?? ''}
        onChange={(e) => {
          const row = rows.find((r) => r.file.file_id === e.target.value);
          if (row) onPick(row.file);
        }}
      >
        <option value="" disabled>
          Choose a stored file…
        </option>
        {rows.map((r) => (
          <option key={r.file.file_id} value={r.file.file_id}>
            {describePickerRow(r)}
          </option>
        ))}
      </select>
      {switchButton}
    </div>
  );
}
