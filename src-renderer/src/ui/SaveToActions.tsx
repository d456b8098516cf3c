import { useEffect, useRef } from 'react';
import { Button } from './Button';

interface Props {
  /** The state and moves of lib/use-save-to.ts. */
  save: {
    folder: string | null;
    saved: readonly { path: string }[];
    error: string | null;
    busy: boolean;
    save(folder: string): Promise<void>;
    reveal(path: string): unknown;
    choose(): void;
  };
  chooseLabel: string;
  size?: 'normal' | 'small';
  /** The key that chooses a folder where the screen has one (the Cut screen's S). */
  keyShortcut?: string;
}

/**
 * Save to's buttons and answer, shared by the Cut screen and a job's outputs: "Save to…" (a
 * folder picker), "Save to <the folder saved to last>", the service's refusal if any, and each
 * file written with "Show in folder" (read out as they appear).
 */
export function SaveToActions({ save: s, chooseLabel, size = 'normal', keyShortcut }: Props) {
  // What was written comes into sight: saved with S from the Cut screen at 800 px, the list was below the window.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.scrollIntoView({ block: 'nearest' });
  }, [s.saved]);
  return (
    <>
      <div className="row-wrap">
        {/* aria-disabled, not disabled, while saving: a disabled button drops the focus to the page, and the editor who pressed it was left nowhere. */}
        <Button
          size={size}
          variant={size === 'normal' ? 'primary' : 'default'}
          onClick={() => !s.busy && s.choose()}
          aria-disabled={s.busy}
          aria-keyshortcuts={keyShortcut}
        >
          {chooseLabel}
        </Button>
        {s.folder && (
          <Button size={size} onClick={() => !s.busy && void s.save(s.folder!)} aria-disabled={s.busy}>
            {s.saved.length > 0 ? 'Save again to' : 'Save to'} <span className="truncate">{s.folder}</span>
          </Button>
        )}
      </div>
      {s.error && (
        <p role="alert" className="field-error">
          {s.error}
        </p>
      )}
      <div role="status">
        {s.saved.length > 0 && (
          <ul ref={list} className="stack clip-saved" aria-label="Saved files">
            {s.saved.map((f) => (
              <li key={f.path} className="row-wrap">
                <code className="small">{f.path}</code>
                <Button size="small" onClick={() => void s.reveal(f.path)}>
                  Show in folder
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
