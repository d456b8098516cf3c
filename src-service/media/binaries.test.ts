import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVersionLine, readVersions, requirePackagePath, resolveBinaries, type PackagePathResolver } from './binaries';
import { makeTempDir } from './test-fixtures';

let dir: string;
let fakeFfmpeg: string;
let fakeFfprobe: string;
let notExecutable: string;

function writeFile(name: string, mode: number): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, '#!/bin/sh\necho fake\n', { mode });
  return p;
}

/** Pretends which npm packages are installed, and what path each exports. */
function packages(map: Record<string, string>): PackagePathResolver {
  return (name) => map[name] ?? null;
}

beforeAll(() => {
  dir = makeTempDir('binaries');
  fs.mkdirSync(path.join(dir, 'bin'));
  fakeFfmpeg = writeFile('bin/ffmpeg', 0o755);
  fakeFfprobe = writeFile('bin/ffprobe', 0o755);
  notExecutable = writeFile('not-executable', 0o644);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('resolveBinaries', () => {
  it('when nothing is configured, then it finds the installed packages', () => {
    const b = resolveBinaries({ PATH: '' });
    // ffmpeg-static fails to install on this machine but is present on users' machines.
    expect(['ffmpeg-static', '@ffmpeg-installer/ffmpeg']).toContain(b.ffmpegSource);
    expect(['ffprobe-static', '@ffmpeg-installer/ffprobe']).toContain(b.ffprobeSource);
    expect(fs.statSync(b.ffmpegPath).isFile()).toBe(true);
    expect(path.isAbsolute(b.ffprobePath)).toBe(true);
  });

  it('when FFDESK_*_PATH are set, then they win over packages and PATH', () => {
    const b = resolveBinaries({ FFDESK_FFMPEG_PATH: fakeFfmpeg, FFDESK_FFPROBE_PATH: fakeFfprobe, PATH: '' });
    expect(b).toEqual({ ffmpegPath: fakeFfmpeg, ffmpegSource: 'FFDESK_FFMPEG_PATH', ffprobePath: fakeFfprobe, ffprobeSource: 'FFDESK_FFPROBE_PATH' });
  });

  it('when FFDESK_FFMPEG_PATH names a file that is not executable, then it throws naming the variable', () => {
    expect(() => resolveBinaries({ FFDESK_FFMPEG_PATH: notExecutable })).toThrow(/FFDESK_FFMPEG_PATH is set to .*not an executable file/);
  });

  it('when ffmpeg-static is installed without its binary, then the next package is used', () => {
    const resolver = packages({
      'ffmpeg-static': path.join(dir, 'missing-ffmpeg'),
      '@ffmpeg-installer/ffmpeg': fakeFfmpeg,
      'ffprobe-static': notExecutable,
      '@ffmpeg-installer/ffprobe': fakeFfprobe,
    });
    const b = resolveBinaries({ PATH: '' }, resolver);
    expect(b).toMatchObject({ ffmpegSource: '@ffmpeg-installer/ffmpeg', ffmpegPath: fakeFfmpeg, ffprobeSource: '@ffmpeg-installer/ffprobe' });
  });

  it('when both packages have a binary, then ffmpeg-static comes first', () => {
    const b = resolveBinaries({ PATH: '' }, packages({ 'ffmpeg-static': fakeFfmpeg, '@ffmpeg-installer/ffmpeg': notExecutable, 'ffprobe-static': fakeFfprobe }));
    expect(b.ffmpegSource).toBe('ffmpeg-static');
  });

  it('when no package is installed, then ffmpeg and ffprobe on PATH are used', () => {
    const b = resolveBinaries({ PATH: `/nonexistent${path.delimiter}${path.join(dir, 'bin')}` }, packages({}));
    expect(b).toEqual({ ffmpegPath: fakeFfmpeg, ffmpegSource: 'PATH', ffprobePath: fakeFfprobe, ffprobeSource: 'PATH' });
  });

  it('when nothing is found, then the error says how to fix it', () => {
    expect(() => resolveBinaries({ PATH: '' }, packages({}))).toThrow(/could not find an executable ffmpeg.*FFDESK_FFMPEG_PATH=.*npm install.*on PATH/s);
  });
});

describe('requirePackagePath', () => {
  it('returns the path an installed package exports, and null for an absent one', () => {
    expect(requirePackagePath('@ffmpeg-installer/ffmpeg')).toMatch(/ffmpeg$/);
    expect(requirePackagePath('ffprobe-static')).toMatch(/ffprobe$/);
    expect(requirePackagePath('ffdesk-no-such-package')).toBeNull();
  });
});

describe('readVersions', () => {
  it('reads the version token of each binary once', async () => {
    const b = resolveBinaries();
    const first = readVersions(b);
    expect(readVersions(b)).toBe(first);
    const v = await first;
    expect(v.ffmpeg_version).toMatch(/^\S+$/);
    expect(v.ffprobe_version).toMatch(/^\S+$/);
    expect(v.ffprobe_version).not.toBe('version');
  });

  it('parses the first line of -version', () => {
    expect(parseVersionLine('ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018')).toBe('N-47683-g0e8eb07980-static');
    expect(parseVersionLine('ffprobe version 4.0.2-static https://johnvansickle.com/ffmpeg/')).toBe('4.0.2-static');
    expect(parseVersionLine('ffmpeg version 7.1 Copyright (c) 2000-2024')).toBe('7.1');
  });

  it('when a binary cannot run, then it rejects and a later call tries again', async () => {
    const b = { ffmpegPath: notExecutable, ffprobePath: notExecutable };
    const first = readVersions(b);
    await expect(first).rejects.toThrow();
    const second = readVersions(b);
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow(/Could not start/);
  });
});
