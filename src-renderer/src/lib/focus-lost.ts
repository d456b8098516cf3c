/** Marks the element the app put the focus on after the focused control went away (app/focus-rescue.ts). */
export const RESCUED = 'data-focus-rescued';

/**
 * Whether the keyboard's focus is nowhere a user or a screen put it: on the page itself, or where
 * the app's rescue put it for want of better (the screen's title). A screen that moves the focus
 * once its content is there (a job's name, a dialog's opener) treats both alike, so arriving late
 * does not lose to the rescue.
 */
export function isFocusLost(): boolean {
  const at = document.activeElement;
  return at === null || at === document.body || at.hasAttribute(RESCUED);
}
