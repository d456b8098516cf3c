import { describe, expect, it } from 'vitest';
import { nameFromPattern, numberedName, unknownPlaceholders } from './save-names';

describe('save-to names', () => {
  it('when a pattern is filled, then {name}, {segment} and {ext} come from the output', () => {
    expect(nameFromPattern('{name}-{segment}.{ext}', 'clip.mp4', 2)).toBe('clip-2.mp4');
    expect(nameFromPattern('{name}.{ext}', 'archive.tar.gz', 1)).toBe('archive.tar.gz');
    expect(nameFromPattern('{name}.{ext}', 'README', 1)).toBe('README');
  });

  it('when the result would leave the folder or be empty, then no name', () => {
    expect(nameFromPattern('../{name}.{ext}', 'clip.mp4', 1)).toBeNull();
    expect(nameFromPattern('{name}/x', 'clip.mp4', 1)).toBeNull();
    expect(nameFromPattern('..', 'clip.mp4', 1)).toBeNull();
    expect(nameFromPattern('.{ext}', 'mp4', 1)).toBeNull();
  });

  it('when a placeholder is unknown, then it is named', () => {
    expect(unknownPlaceholders('{title}-{segment}.{ext}')).toEqual(['{title}']);
  });

  it('when a name is taken, then the next ones are numbered before the extension', () => {
    expect([0, 1, 2].map((n) => numberedName('clip.mp4', n))).toEqual(['clip.mp4', 'clip (1).mp4', 'clip (2).mp4']);
    expect(numberedName('README', 1)).toBe('README (1)');
  });
});
