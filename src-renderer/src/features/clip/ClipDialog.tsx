import { useEffect, useRef, type ReactNode } from 'react';

/** A modal dialog (focus trapped, Escape closes) for the clip view's overlays. */
export function ClipDialog({ title, onClose, action, children }: { title: string; onClose(): void; action?: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    d?.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={ref} className="clip-dialog" aria-labelledby="clip-dialog-title" onClose={onClose} onKeyDown={(e) => e.stopPropagation()}>
      <div className="clip-dialog-head">
        <h2 id="clip-dialog-title" className="card-title">
          {title}
        </h2>
        <span className="spacer" />
        {action}
      </div>
      {children}
    </dialog>
  );
}
