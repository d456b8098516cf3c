import type { IconName } from '../ui/Icon';
import type { Route } from '../lib/router';

/** The screens, in the sidebar's order; Ctrl+1 … Ctrl+7 go to them in that order (docs/gui.md, "Keys"). */
export const SCREENS: readonly { name: Route['name']; label: string; icon: IconName }[] = [
  { name: 'jobs', label: 'Jobs', icon: 'jobs' },
  { name: 'new', label: 'New job', icon: 'new' },
  { name: 'clip', label: 'Cut', icon: 'clip' },
  { name: 'files', label: 'Files', icon: 'files' },
  { name: 'uploads', label: 'Uploads', icon: 'uploads' },
  { name: 'presets', label: 'Presets', icon: 'presets' },
  { name: 'settings', label: 'Settings', icon: 'settings' },
];

export interface ScreenKeyInput {
  key: string;
  code: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * The screen Ctrl+<digit> (⌘ on a Mac) goes to, as Outlook and Resolve switch their pages. The
 * digit is read from the key's place (`Digit3`, the keypad's too), so a layout whose top row types
 * other characters (AZERTY's `"` for 3) goes to the same screen.
 */
export function screenOfKey(e: ScreenKeyInput): Route['name'] | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return null;
  const digit = e.code.startsWith('Digit') ? e.code.slice('Digit'.length) : e.code.startsWith('Numpad') ? e.code.slice('Numpad'.length) : e.key;
  return (digit.length === 1 && SCREENS[Number(digit) - 1]?.name) || null;
}

/** As the sidebar's tooltip and `?` lists show it. */
export function screenKeyLabel(name: Route['name']): string {
  return `Ctrl+${SCREENS.findIndex((s) => s.name === name) + 1}`;
}
