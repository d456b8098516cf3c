import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { isFocusLost } from '../lib/focus-lost';

/**
 * A modal dialog (focus trapped, Escape closes): the clip view's overlays, the folder picker.
 * Closing gives the focus back to what had it: the dialog is closed on unmount, once React has
 * taken it out of the page, where the browser's own return of focus does not reach, and the
 * focus fell to the page (after "Save here", the editor's next Tab started at the top). Only a
 * focus that fell to the page comes back: one the user's next key already moved stays there.
 */
export function Dialog({
  title,
  onClose,
  action,
  onKey,
  children,
}: {
  title: string;
  onClose(): void;
  action?: ReactNode;
  /** A key of the dialog's own (the keys overlay closes on the `?` that opened it); the page's keys never see it. */
  onKey?(e: KeyboardEvent<HTMLDialogElement>): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    d?.showModal();
    return () => {
      // Only focus that was lost comes back: the close event (and this unmount) can come after the
      // user's next key, and a key that moved the focus on (E to Export after Escape) keeps it.
      const active = document.activeElement;
      const lost = isFocusLost() || (d?.contains(active) ?? false);
      d?.close();
      // Without scrolling: the opener was in sight when the dialog opened; the clip view, taller than the window,
      // was scrolled to its top, cutting off the picture above it.
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(e) => {
        onKey?.(e);
        e.stopPropagation();
      }}
    >
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
