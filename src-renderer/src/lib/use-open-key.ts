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
    // From the shell's first shortcut on, before any screen's own keys (the clip view's): Ctrl+O goes there.
    listenForOpenKey();
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

/** The screens' Ctrl+O actions, the one shown last on top. */
const openers: { current: () => void }[] = [];
/** When a Ctrl+O came that no screen took yet; 0: none waiting. */
let waitingSince = 0;
/** How long a Ctrl+O waits for the screen being opened (Ctrl+2, Ctrl+O pressed at once). */
const WAIT_MS = 1000;
let isListening = false;

/**
 * One listener for Ctrl+O, for the whole app, from its first screen on. FFDesk owns the key (the
 * browser's "open a file" shows a file in a tab, nothing FFDesk can use): the screen shown takes
 * it, and a Ctrl+O pressed while the next screen is still being drawn waits for it, up to a second.
 * Ctrl+2 then Ctrl+O at once lost the second key: the builder was not listening yet.
 */
function listenForOpenKey(): void {
  if (isListening) return;
  isListening = true;
  window.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || !isOpenKey(e) || document.querySelector('dialog[open]')) return;
    e.preventDefault();
    const opener = openers.at(-1);
    if (opener) opener.current();
    else waitingSince = performance.now();
  });
}

/**
 * Ctrl+O (Cmd+O on a Mac), as editors' apps open a file: the builder's file chooser, the Cut
 * screen's disk picker, another file over an open clip.
 */
export function useOpenKey(onOpen: () => void): void {
  const act = useRef(onOpen);
  act.current = onOpen;
  useLayoutEffect(() => {
    listenForOpenKey();
    openers.push(act);
    if (waitingSince && performance.now() - waitingSince < WAIT_MS) act.current();
    waitingSince = 0;
    return () => {
      openers.splice(openers.indexOf(act), 1);
    };
  }, []);
}
