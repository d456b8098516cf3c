import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaries, makeMedia, makeTempDir } from '../testing/media-fixtures';
import { createConfiner } from './confine';
import { findBwrap, smokeTestBwrap } from './confine/bwrap';
import { requirePackagePath } from './binary-candidates';
import { probeFile } from './probe';
import { checkProbeBinary } from './probe-check';
import { createProbeCache } from './probe-cache';
import { isStaticElf } from './static-glibc';

const dir = makeTempDir('static-glibc');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The static 2023 build shipped inside @ffprobe-installer/linux-x64 (absent on other platforms). */
const staticProbe = process.platform === 'linux' && process.arch === 'x64' ? requirePackagePath('@ffprobe-installer/ffprobe') : null;
const bwrap = findBwrap();
const canConfine = process.platform === 'linux' && bwrap !== null && smokeTestBwrap(bwrap) === null;

describe('isStaticElf', () => {
  it('tells a dynamically linked binary and a script from a static build', () => {
    expect(isStaticElf(process.execPath)).toBe(false);
    const script = path.join(dir, 'script.sh');
    fs.writeFileSync(script, '#!/bin/sh\n', { mode: 0o755 });
    expect(isStaticElf(script)).toBe(false);
    if (staticProbe) expect(isStaticElf(staticProbe)).toBe(true);
  });
});

describe.skipIf(!staticProbe)('the static ffprobe build (needs @ffprobe-installer/linux-x64, Linux x64 only)', () => {
  let clip = '';
  beforeAll(() => {
    clip = makeMedia(dir, 'clip.ts', ['-f', 'lavfi', '-i', 'testsrc=s=32x32:r=5:d=0.4', '-c:v', 'mpeg2video', '-f', 'mpegts']);
  });

  it('when it reads MPEG-TS with the system iconv modules hidden, then it does not crash and passes the check', () => {
    expect(checkProbeBinary(staticProbe as string, binaries.ffmpegPath, createProbeCache(null))).toBeNull();
  });

  it.skipIf(!canConfine)('when it probes MPEG-TS inside bubblewrap, then the streams are read', async () => {
    const confiner = createConfiner({ mode: () => 'require', log: () => undefined });
    const probe = await probeFile(staticProbe as string, clip, { confiner });
    expect(probe.format?.format_name).toBe('mpegts');
    expect(probe.streams?.[0]?.codec_name).toBe('mpeg2video');
  });

  it('when it probes MPEG-TS unconfined, then the streams are read', async () => {
    const confiner = createConfiner({ mode: () => 'off', log: () => undefined });
    const probe = await probeFile(staticProbe as string, clip, { confiner });
    expect(probe.format?.format_name).toBe('mpegts');
  });
});
