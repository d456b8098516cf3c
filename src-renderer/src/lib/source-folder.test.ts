import { describe, expect, it } from 'vitest';
import { parseSourceFolder } from './source-folder';
import { folderOf } from './local-path';

describe('the folder a clip was opened from', () => {
  it('when an entry holds an absolute path (Linux, macOS or Windows), then that is the folder', () => {
    expect(parseSourceFolder(JSON.stringify({ folder: '/home/me/Videos', savedAt: 1 }))).toBe('/home/me/Videos');
    expect(parseSourceFolder(JSON.stringify({ folder: 'C:\\Users\\me\\Videos' }))).toBe('C:\\Users\\me\\Videos');
  });

  it('when the entry is missing, not JSON, or not an absolute path, then there is none', () => {
    for (const bad of [
      null,
      '',
      '{',
      'null',
      '"x"',
      JSON.stringify({}),
      JSON.stringify({ folder: 3 }),
      JSON.stringify({ folder: 'Videos' }),
      JSON.stringify({ folder: 'javascript:alert(1)' }),
    ])
      expect([bad, parseSourceFolder(bad)]).toEqual([bad, null]);
  });

  it('when a path is split, then its folder is what comes before the last separator, either kind', () => {
    expect(folderOf('/home/me/Videos/rec.mkv')).toBe('/home/me/Videos');
    expect(folderOf('C:\\Users\\me\\rec.mkv')).toBe('C:\\Users\\me');
    expect(folderOf('/rec.mkv')).toBe('/');
  });
});
