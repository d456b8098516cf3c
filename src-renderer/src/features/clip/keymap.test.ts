import { describe, expect, it } from 'vitest';
import { actionOf, KEYMAP, type KeyInput } from './keymap';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({ key: k, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...mods });

describe('keymap', () => {
  it('maps the editors’ keys', () => {
    expect(actionOf(key('i'))).toBe('setIn');
    expect(actionOf(key('I', { shiftKey: true }))).toBe('goIn');
    expect(actionOf(key(' '))).toBe('playPause');
    expect(actionOf(key('ArrowLeft'))).toBe('frameBack');
    expect(actionOf(key('ArrowRight', { shiftKey: true }))).toBe('keyframeForward');
    expect(actionOf(key('ArrowUp', { altKey: true }))).toBe('moveUp');
    expect(actionOf(key('?', { shiftKey: true }))).toBe('help');
    expect(actionOf(key('+', { shiftKey: true }))).toBe('zoomIn');
    expect(actionOf(key('F2'))).toBe('renameSegment');
    expect(actionOf(key('z', { ctrlKey: true }))).toBe('undo');
    expect(actionOf(key('z', { metaKey: true }))).toBe('undo');
    expect(actionOf(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(actionOf(key('y', { ctrlKey: true }))).toBe('redo');
  });

  it('leaves browser shortcuts alone', () => {
    expect(actionOf(key('l', { ctrlKey: true }))).toBeNull();
    expect(actionOf(key('s', { metaKey: true }))).toBeNull();
  });

  it('binds each action once and each key to one action', () => {
    const actions = KEYMAP.map((b) => b.action);
    expect(new Set(actions).size).toBe(actions.length);
    const labels = KEYMAP.map((b) => b.label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
