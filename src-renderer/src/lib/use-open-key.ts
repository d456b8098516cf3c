import { useLayoutEffect, useRef } from 'react';

/**
 * A key of a screen, on the whole window while the screen is shown, wherever the focus is (also
 * on the page itself, where it falls when the control that had it goes away); not while a modal
 * dialog is open, whose keys are its own. Listening from the commit on (a layout effect), not
 * after the paint: a screen whose code had just arrived was drawn before its keys listened, and a
 * Ctrl+O pressed at once was lost (a CI run under load pressed it 6 ms after the builder showed).
 */
export function useWindowShortcut(matches: (e: KeyboardEvent) => boolean, onKey: (e: KeyboardEvent) => void): void {
  const act = useRef(onKey);
  act.current = onKey;
  useLayoutEffect(() => {
    const handle = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !matches(e) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      act.current(e);
    };
    window.addEventListener('keydown', handle);
    return () => window.removeEventListener('keydown', handle);
  }, [matches]);
}

const isOpenKey = (e: KeyboardEvent) => e.key.toLowerCase() === 'o' && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey;

/**
 * Ctrl+O (Cmd+O on a Mac), as editors' apps open a file: the builder's file chooser, the Cut
 * screen's disk picker.
 */
export function useOpenKey(onOpen: () => void): void {
  useWindowShortcut(isOpenKey, onOpen);
}
