import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePackagePath, resolveBinaries, selectBinaries, type PackagePathResolver, type SelectOptions } from './binaries';
import { createProbeCache } from './probe-cache';
import { makeTempDir } from '../testing/media-fixtures';

let dir: string;

/** A stand-in binary: prints `firstLine` for -version (and counts its runs), or fails. */
function standIn(name: string, firstLine: string | null): string {
  const p = path.join(dir, name);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  const body =
    firstLine === null ? 'echo "error while loading shared libraries: libfoo.so.1" >&2\nexit 127\n' : `echo "$1" >> "$0.runs"\necho '${firstLine}'\n`;
  fs.writeFileSync(p, `#!/bin/sh\n${body}`, { mode: 0o755 });
  return p;
}

/** How many times `p` ran with -version (the ffprobe check also runs the chosen ffmpeg to make its clip). */
const runs = (p: string) =>
  fs.existsSync(`${p}.runs`)
    ? fs
        .readFileSync(`${p}.runs`, 'utf8')
        .split('\n')
        .filter((l) => l === '-version').length
    : 0;

/** Pretends which npm packages are installed, and what path each exports. */
function packages(map: Record<string, string>): PackagePathResolver {
  return (name) => map[name] ?? null;
}

const OLD = 'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers';
const NEW = 'ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers';
let oldFfmpeg: string, oldFfprobe: string, pathDir: string, brokenFfmpeg: string, notExecutable: string;

function opts(extra: SelectOptions = {}): SelectOptions {
  return {
    env: { PATH: pathDir },
    systemDirs: [],
    packagePath: packages({ '@ffmpeg-installer/ffmpeg': oldFfmpeg, 'ffprobe-static': oldFfprobe, 'ffmpeg-static': brokenFfmpeg }),
    ...extra,
  };
}

beforeAll(() => {
  dir = makeTempDir('binaries');
  oldFfmpeg = standIn('pkg/ffmpeg', OLD);
  oldFfprobe = standIn('pkg/ffprobe', OLD.replace('ffmpeg version', 'ffprobe version'));
  brokenFfmpeg = standIn('broken/ffmpeg', null);
  pathDir = path.dirname(standIn('bin/ffmpeg', NEW));
  standIn('bin/ffprobe', NEW.replace('ffmpeg version', 'ffprobe version'));
  notExecutable = path.join(dir, 'not-executable');
  fs.writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('selectBinaries', () => {
  it('when several builds run, then the newest wins and every candidate says why', async () => {
    const b = await selectBinaries(opts());
    expect(b).toMatchObject({ ffmpegPath: path.join(pathDir, 'ffmpeg'), ffmpegSource: 'PATH', ffprobeSource: 'PATH' });
    expect(b.ffmpeg.reason).toMatch(/newest of 2 candidates that run: 5\.1\.9-0\+deb12u1 \(release 5\.1\.9\)/);
    expect(b.ffmpeg.candidates).toEqual([
      expect.objectContaining({
        source: 'ffmpeg-static',
        version: null,
        chosen: false,
        note: expect.stringMatching(/does not run: -version exited with 127: error while loading shared libraries/),
      }),
      expect.objectContaining({
        source: '@ffmpeg-installer/ffmpeg',
        version: 'N-47683-g0e8eb07980-static',
        chosen: false,
        note: expect.stringMatching(/older than 5\.1\.9/),
      }),
      expect.objectContaining({ source: 'PATH', version: '5.1.9-0+deb12u1', chosen: true }),
    ]);
  });

  it('when FFDESK_*_PATH are set, then they win even over a newer build', async () => {
    const b = await selectBinaries(opts({ env: { PATH: pathDir, FFDESK_FFMPEG_PATH: oldFfmpeg, FFDESK_FFPROBE_PATH: oldFfprobe } }));
    expect(b).toMatchObject({ ffmpegPath: oldFfmpeg, ffmpegSource: 'FFDESK_FFMPEG_PATH', ffprobePath: oldFfprobe, ffprobeSource: 'FFDESK_FFPROBE_PATH' });
    expect(b.ffmpeg.reason).toBe('FFDESK_FFMPEG_PATH is set');
    expect(b.ffmpeg.candidates).toHaveLength(1);
  });

  it('when FFDESK_FFMPEG_PATH names a file that is not executable, then it throws naming the variable', async () => {
    await expect(selectBinaries(opts({ env: { FFDESK_FFMPEG_PATH: notExecutable } }))).rejects.toThrow(/FFDESK_FFMPEG_PATH is set to .*not an executable file/);
  });

  it('when no candidate runs, then the error lists what was tried and how to fix it', async () => {
    const o = opts({ env: { PATH: '' }, packagePath: packages({ 'ffmpeg-static': brokenFfmpeg, 'ffprobe-static': oldFfprobe }) });
    await expect(selectBinaries(o)).rejects.toThrow(
      /could not find a working ffmpeg \(tried ffmpeg-static: .*does not run.*@ffmpeg-installer\/ffmpeg: not installed.*on PATH.*FFDESK_FFMPEG_PATH=/s,
    );
  });

  it('when a cache is given, then each binary runs -version once until its file changes', async () => {
    const bin = standIn('cached/ffmpeg', NEW);
    standIn('cached/ffprobe', NEW);
    const file = path.join(dir, 'cache.json');
    const o = (cacheFile: string) => opts({ env: { PATH: path.dirname(bin) }, packagePath: packages({}), cache: createProbeCache(cacheFile) });
    await selectBinaries(o(file));
    await selectBinaries(o(file)); // a new cache object reading the same file, as after a restart
    expect(runs(bin)).toBe(1);
    fs.utimesSync(bin, new Date(), new Date(Date.now() + 5_000)); // upgraded in place
    const b = await selectBinaries(o(file));
    expect(runs(bin)).toBe(2);
    expect(b.ffmpeg.version.raw).toBe('5.1.9-0+deb12u1');
  });

  it('when two entries are the same file, then it is listed once', async () => {
    const b = await selectBinaries(opts({ env: { PATH: `${pathDir}${path.delimiter}${pathDir}` }, systemDirs: [pathDir] }));
    expect(b.ffmpeg.candidates.filter((c) => c.path === path.join(pathDir, 'ffmpeg'))).toHaveLength(1);
  });
});

describe('resolveBinaries (synchronous)', () => {
  it('makes the same choice as selectBinaries', async () => {
    const sync = resolveBinaries(opts());
    const async = await selectBinaries(opts());
    expect(sync.ffmpeg).toEqual(async.ffmpeg);
    // ffprobe's reason names measured start-up times, which differ run to run.
    expect({ path: sync.ffprobe.path, chosen: sync.ffprobe.candidates.map((c) => c.chosen) }).toEqual({
      path: async.ffprobe.path,
      chosen: async.ffprobe.candidates.map((c) => c.chosen),
    });
  });

  const systemFfmpeg = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((p) => fs.existsSync(p));
  it.skipIf(!systemFfmpeg)(
    `on this machine, the system's ffmpeg beats the 2018 registry build${systemFfmpeg ? '' : ' [SKIPPED: no system ffmpeg installed (apt install ffmpeg)]'}`,
    () => {
      const b = resolveBinaries();
      expect(b.ffmpeg.candidates.find((c) => c.source === '@ffmpeg-installer/ffmpeg')).toMatchObject({
        chosen: false,
        note: expect.stringMatching(/older than/),
      });
      expect(b.ffmpeg.version.kind).toBe('release');
      expect(b.ffmpeg.version.numbers[0]).toBeGreaterThanOrEqual(5);
    },
  );
});

describe('requirePackagePath', () => {
  it('returns the path an installed package exports, and null for an absent one', () => {
    expect(requirePackagePath('@ffmpeg-installer/ffmpeg')).toMatch(/ffmpeg$/);
    expect(requirePackagePath('ffprobe-static')).toMatch(/ffprobe$/);
    expect(requirePackagePath('ffdesk-no-such-package')).toBeNull();
  });
});
