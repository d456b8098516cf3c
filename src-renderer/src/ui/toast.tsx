import { useSyncExternalStore } from 'react';

interface Toast {
  id: number;
  text: string;
  isError: boolean;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

/** A short confirmation ("Copied") or error, announced to screen readers. */
export function showToast(text: string, opts: { isError?: boolean } = {}): void {
  const toast = { id: nextId++, text, isError: opts.isError === true };
  toasts = [...toasts.slice(-3), toast];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== toast.id);
    emit();
  }, opts.isError ? 7000 : 3000);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function Toasts() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast${t.isError ? ' toast-error' : ''}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
