import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A modal dialog (focus trapped, Escape closes): the clip view's overlays, the folder picker. */
export function Dialog({ title, onClose, action, children }: { title: string; onClose(): void; action?: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    d?.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose} onKeyDown={(e) => e.stopPropagation()}>
      <div className="dialog-head">
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
        <span className="spacer" />
        {action}
      </div>
      {children}
    </dialog>
  );
}
