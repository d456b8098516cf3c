import { useLayoutEffect, useRef } from 'react';
import { actionOf, type ClipAction } from './keymap';
import { isTypingTarget } from '../../lib/typing-target';

const isActivation = (key: string) => key === ' ' || key === 'Enter';

/** Whether a key belongs to the focused control rather than to the clip view. */
function belongsToControl(e: KeyboardEvent): boolean {
  const t = e.target;
  if (isTypingTarget(t)) return true;
  if (!(t instanceof HTMLElement)) return false;
  // Space/Enter press the focused button; arrows move between radio buttons.
  if (isActivation(e.key) && (t instanceof HTMLButtonElement || t instanceof HTMLAnchorElement || t instanceof HTMLInputElement)) return true;
  return t instanceof HTMLInputElement && t.type === 'radio' && e.key.startsWith('Arrow');
}

/**
 * The clip view's keys, on the whole window while the view is shown (a modal dialog stops
 * them: its keys are its own). Each key runs its action from `handlers`. Listening from the commit on
 * (a layout effect), as the screens' shortcuts do (lib/use-open-key.ts).
 */
export function useClipKeys(handlers: Record<ClipAction, () => void>): void {
  const current = useRef(handlers);
  current.current = handlers;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || belongsToControl(e) || document.querySelector('dialog[open]')) return;
      const action = actionOf(e);
      if (!action) return;
      e.preventDefault();
      current.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
