import { useEffect, useRef, type ReactNode } from 'react';

/** A modal dialog (focus trapped, Escape closes) for the clip view's overlays. */
export function ClipDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    d?.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={ref} className="clip-dialog" aria-labelledby="clip-dialog-title" onClose={onClose} onKeyDown={(e) => e.stopPropagation()}>
      <h2 id="clip-dialog-title" className="card-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
