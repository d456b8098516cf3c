import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trackedTempDir } from '../testing/temp-dirs';
import { madeOrCached } from './samples-cache';

/** A maker that writes `text` into `out` and counts its runs (the real one runs ffmpeg). */
function maker(out: string, text: string, runs: { n: number }, ok = true) {
  return async () => {
    runs.n++;
    if (ok) fs.writeFileSync(out, text);
    return ok;
  };
}

describe('the samples cache', () => {
  it('when a second output of the same recipe is asked for, then it is copied from the folder and not made again; another recipe is made', async () => {
    const cache = path.join(trackedTempDir('ffdesk-samples-cache-'), 'kept');
    const work = trackedTempDir('ffdesk-samples-work-');
    const runs = { n: 0 };
    const first = path.join(work, 'a.mp4');
    expect(await madeOrCached(cache, { argv: ['x'] }, first, maker(first, 'one', runs))).toBe(true);
    const second = path.join(work, 'b.mp4');
    expect(await madeOrCached(cache, { argv: ['x'] }, second, maker(second, 'two', runs))).toBe(true);
    expect([runs.n, fs.readFileSync(second, 'utf8')]).toEqual([1, 'one']);
    const other = path.join(work, 'c.mp4');
    expect(await madeOrCached(cache, { argv: ['y'] }, other, maker(other, 'three', runs))).toBe(true);
    expect([runs.n, fs.readFileSync(other, 'utf8')]).toEqual([2, 'three']);
    expect(fs.readdirSync(cache).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('when making fails, then nothing is kept and the next ask makes it again; without a folder it is always made', async () => {
    const cache = path.join(trackedTempDir('ffdesk-samples-cache-'), 'kept');
    const out = path.join(trackedTempDir('ffdesk-samples-work-'), 'a.png');
    const runs = { n: 0 };
    expect(await madeOrCached(cache, 'r', out, maker(out, 'x', runs, false))).toBe(false);
    expect(await madeOrCached(cache, 'r', out, maker(out, 'x', runs))).toBe(true);
    expect(await madeOrCached(undefined, 'r', out, maker(out, 'x', runs))).toBe(true);
    expect(await madeOrCached(undefined, 'r', out, maker(out, 'x', runs))).toBe(true);
    expect(runs.n).toBe(4);
  });
});
