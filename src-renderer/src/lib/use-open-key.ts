import { useEffect, useRef } from 'react';

/**
 * Ctrl+O (Cmd+O on a Mac), as editors' apps open a file, wherever the focus is while the screen
 * is shown: the builder's file chooser, the Cut screen's disk picker.
 */
export function useOpenKey(onOpen: () => void): void {
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'o' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.defaultPrevented) return;
      e.preventDefault();
      open.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
