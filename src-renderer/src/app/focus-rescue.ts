import { useEffect } from 'react';
import { isFocusLost, RESCUED } from '../lib/focus-lost';

/**
 * The keyboard's place is never lost to the page (docs/gui.md, "Accessibility"). When the control
 * that has the focus is taken off the page (a rename field closed with Enter, "Really cancel?" gone
 * with the job it cancelled, a drawer's "Delete for good?"), the browser puts the focus on the
 * page itself: the next Tab starts again from the sidebar, and Space or Enter do nothing. Here the
 * focus goes instead to the nearest of the control's former ancestors that is still on the page and
 * takes focus (the clip view holds it that way), else to the screen's title.
 *
 * Only a focus that fell with a removed control is moved: a click on an empty part of the page, or
 * a focus the screen itself moved on (after a dialog closed, into the convert panel), stays where it is;
 * and a screen that moves the focus once its content arrives still can (`isFocusLost`).
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let last: { control: HTMLElement; ancestors: HTMLElement[] } | null = null;
    const onFocusIn = (e: FocusEvent) => {
      const control = e.target;
      if (!(control instanceof HTMLElement)) return;
      const ancestors: HTMLElement[] = [];
      for (let el = control.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
      last = { control, ancestors };
    };
    const rescue = () => {
      if (!last || last.control.isConnected) return;
      if (!isFocusLost()) {
        last = null;
        return;
      }
      const home = last.ancestors.find((a) => a.isConnected && a.hasAttribute('tabindex') && a.closest('dialog:not([open])') === null) ?? screenTitle();
      // No title yet (the next screen's code still on its way, after the key gate): tried again as the page fills in.
      if (!home) return;
      last = null;
      // Marked as a rescue until it loses the focus: a screen arriving later may still move it on (lib/focus-lost.ts).
      home.setAttribute(RESCUED, '');
      home.addEventListener('blur', () => home.removeAttribute(RESCUED), { once: true });
      home.focus({ preventScroll: true });
    };
    document.addEventListener('focusin', onFocusIn);
    // A removal is seen as it happens; the rescue waits two frames, so whatever the screen does with the
    // focus after it (a closing dialog gives it back to its opener in an effect) goes first.
    let frame = 0;
    const watch = new MutationObserver(() => {
      if (frame || !last || last.control.isConnected) return;
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          frame = 0;
          rescue();
        });
      });
    });
    watch.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      watch.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}

/** The open screen's title, made able to take the focus (not a Tab stop). */
export function screenTitle(): HTMLElement | null {
  const title = document.querySelector<HTMLElement>('#main h1');
  if (title && !title.hasAttribute('tabindex')) title.tabIndex = -1;
  return title;
}
