import { useId, useState } from 'react';
import { Button } from './Button';
import { FolderPicker, type ListFolders } from './FolderPicker';

interface Props {
  label: string;
  value: string;
  onChange(path: string): void;
  listFolders: ListFolders;
  /** The picker's confirming button. */
  pickLabel: string;
  hint?: string;
}

/**
 * A folder of this machine: chosen with Electron's native dialog when the preload offers one,
 * else with the service's folder picker (GET /v1/local/folders). The path stays editable.
 */
export function FolderField({ label, value, onChange, listFolders, pickLabel, hint }: Props) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const desktop = window.ffdesk;
  const choose = () => {
    setError(null);
    if (!desktop?.pickFolder) return setOpen(true);
    desktop.pickFolder(value || undefined).then(
      (picked) => picked && onChange(picked),
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="row">
        <input
          id={id}
          className="input mono"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
          placeholder="Choose…"
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <Button onClick={choose} aria-label={`Choose… ${label}`}>
          Choose…
        </Button>
      </div>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {isOpen && (
        <FolderPicker
          listFolders={listFolders}
          start={value || undefined}
          pickLabel={pickLabel}
          title={label}
          onClose={() => setOpen(false)}
          onPick={(path) => {
            setOpen(false);
            onChange(path);
          }}
        />
      )}
    </div>
  );
}
