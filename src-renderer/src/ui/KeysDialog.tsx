import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** A list of keys and what each does, as `?` shows them (the app's and the clip view's). */
export function KeyRows({ rows }: { rows: readonly { keys: string; does: string }[] }) {
  return (
    <dl className="clip-keys-list">
      {rows.map((k) => (
        <div key={k.keys} className="clip-keys-row">
          <dt>
            <kbd>{k.keys}</kbd>
          </dt>
          <dd>{k.does}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The dialog `?` opens: `?` again or Escape closes it, its Close button has the focus. */
export function KeysDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      onKey={(e) => e.key === '?' && onClose()}
      action={
        <Button autoFocus onClick={onClose}>
          Close (Esc)
        </Button>
      }
    >
      {children}
    </Dialog>
  );
}
