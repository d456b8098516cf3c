import { describe, expect, it } from 'vitest';
import { screenKeyLabel, screenOfKey, SCREENS, type ScreenKeyInput } from './screen-keys';

const press = (code: string, key: string, mods: Partial<ScreenKeyInput> = {}): ScreenKeyInput => ({
  code,
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('screen keys', () => {
  it('goes to the sidebar’s screens in order with Ctrl or ⌘ and a digit', () => {
    expect(screenOfKey(press('Digit1', '1', { ctrlKey: true }))).toBe('jobs');
    expect(screenOfKey(press('Digit3', '3', { metaKey: true }))).toBe('clip');
    expect(screenOfKey(press('Numpad4', '4', { ctrlKey: true }))).toBe('files');
    expect(screenOfKey(press('Digit7', '7', { ctrlKey: true }))).toBe('settings');
    expect(SCREENS.map((s) => screenKeyLabel(s.name))).toEqual(['Ctrl+1', 'Ctrl+2', 'Ctrl+3', 'Ctrl+4', 'Ctrl+5', 'Ctrl+6', 'Ctrl+7']);
  });

  it('reads the key’s place, so AZERTY’s top row goes to the same screen', () => {
    expect(screenOfKey(press('Digit3', '"', { ctrlKey: true }))).toBe('clip');
  });

  it('leaves other keys alone: plain digits (the timeline’s 0), Shift or Alt, digits past the last screen', () => {
    expect(screenOfKey(press('Digit1', '1'))).toBeNull();
    expect(screenOfKey(press('Digit1', '!', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(screenOfKey(press('Digit1', '1', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(screenOfKey(press('Digit8', '8', { ctrlKey: true }))).toBeNull();
    expect(screenOfKey(press('Digit0', '0', { ctrlKey: true }))).toBeNull();
    expect(screenOfKey(press('KeyA', 'a', { ctrlKey: true }))).toBeNull();
  });
});
