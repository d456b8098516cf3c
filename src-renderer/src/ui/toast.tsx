import { useSyncExternalStore } from 'react';

interface Toast {
  id: number;
  text: string;
  isError: boolean;
  /** A link the toast offers (e.g. to the job that just ended). */
  link?: { href: string; label: string };
}

let toasts: Toast[] = [];
let nextId = 1;
/** While the pointer or focus is on the toasts, none goes away (time to read it, WCAG 2.2.1). */
let held = false;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

/** A short confirmation ("Copied") or error, announced to screen readers. */
export function showToast(text: string, opts: { isError?: boolean; link?: Toast['link']; durationMs?: number } = {}): void {
  const toast: Toast = { id: nextId++, text, isError: opts.isError === true, ...(opts.link ? { link: opts.link } : {}) };
  toasts = [...toasts.slice(-3), toast];
  emit();
  const remove = (): void => {
    if (held) {
      setTimeout(remove, 1000);
      return;
    }
    toasts = toasts.filter((t) => t.id !== toast.id);
    emit();
  };
  setTimeout(remove, opts.durationMs ?? (opts.isError ? 7000 : 3000));
}

function hold(isHeld: boolean): void {
  held = isHeld;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function Toasts() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div
      className="toasts"
      role="status"
      aria-live="polite"
      onMouseEnter={() => hold(true)}
      onMouseLeave={() => hold(false)}
      onFocus={() => hold(true)}
      onBlur={() => hold(false)}
    >
      {list.map((t) => (
        <div key={t.id} className={`toast${t.isError ? ' toast-error' : ''}`}>
          {t.text}
          {t.link && (
            <>
              {' '}
              <a className="toast-link" href={t.link.href}>
                {t.link.label}
              </a>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
