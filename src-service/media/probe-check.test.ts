import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveBinaries } from './binaries';
import { checkProbeBinary } from './probe-check';
import { createProbeCache } from './probe-cache';
import { makeTempDir } from '../testing/media-fixtures';

const dir = makeTempDir('probe-check');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const { ffmpegPath, ffprobePath } = resolveBinaries();

describe('checkProbeBinary', () => {
  it('when an ffprobe crashes on MPEG-TS, then it is refused with the signal, and the answer is cached', () => {
    const crashing = path.join(dir, 'ffprobe');
    fs.writeFileSync(crashing, '#!/bin/sh\necho ran >> "$0.runs"\nkill -SEGV $$\n', { mode: 0o755 });
    const cache = createProbeCache(null);
    expect(checkProbeBinary(crashing, ffmpegPath, cache)).toMatch(/cannot read MPEG-TS \(killed by SIGSEGV\)/);
    expect(checkProbeBinary(crashing, ffmpegPath, cache)).toMatch(/SIGSEGV/);
    expect(fs.readFileSync(`${crashing}.runs`, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('when the chosen ffprobe reads the clip, then it passes', () => {
    expect(checkProbeBinary(ffprobePath, ffmpegPath, createProbeCache(null))).toBeNull();
  });
});
