import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closestName } from '../contract/closest-name';
import { binaries } from '../testing/media-fixtures';
import { decisiveLine, ffmpegFailureMessage, type KnownNames } from './failure-message';

const known: KnownNames = {
  filters: ['scale', 'scale2ref', 'xfade', 'fps', 'overlay'],
  encoders: ['libx264', 'libx265', 'aac', 'h264_nvenc'],
  decoders: ['h264', 'aac'],
  options: ['fps_mode', 'vf', 'filter_complex', 'crf', 'preset'],
  muxers: ['mp4', 'matroska', 'hls'],
};

/** ffmpeg's real stderr for these arguments (it fails; the stderr is what we want). */
function stderrOf(args: string[]): string {
  try {
    execFileSync(binaries.ffmpegPath, ['-nostdin', '-y', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: '/tmp' });
  } catch (err) {
    return (err as { stderr: string }).stderr;
  }
  throw new Error('ffmpeg was expected to fail');
}
const src = ['-f', 'lavfi', '-i', 'testsrc=d=0.2'];

describe('decisiveLine (real ffmpeg stderr)', () => {
  it('finds the unknown filter behind the consequences, with the closest real name', () => {
    expect(decisiveLine(stderrOf([...src, '-vf', 'scael=320:-2', '-f', 'null', '-']), known)).toBe("No such filter: 'scael' (did you mean 'scale'?)");
    expect(decisiveLine(stderrOf([...src, '-filter_complex', '[0:v]scael=2:2[x]', '-map', '[x]', '-f', 'null', '-']), known)).toMatch(
      /^No such filter: 'scael'/,
    );
  });

  it('names an unknown encoder and option with a suggestion, and nothing when no name is close', () => {
    expect(decisiveLine(stderrOf([...src, '-c:v', 'libx265x', '-f', 'null', '-']), known)).toBe("Unknown encoder 'libx265x' (did you mean 'libx265'?)");
    expect(decisiveLine(stderrOf([...src, '-fps_mod', 'vfr', '-f', 'null', '-']), known)).toBe("Unrecognized option 'fps_mod' (did you mean 'fps_mode'?)");
    expect(decisiveLine(stderrOf([...src, '-vf', 'qqqqqqq', '-f', 'null', '-']), known)).toBe("No such filter: 'qqqqqqq'");
    expect(decisiveLine(stderrOf([...src, '-vf', 'scael', '-f', 'null', '-']), null)).toBe("No such filter: 'scael'");
  });

  it("leads burnt-in subtitles of a file without any with the filter's own reason, not the graph's consequence", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-subs-'));
    try {
      execFileSync(binaries.ffmpegPath, ['-v', 'error', ...src, '-c:v', 'libx264', path.join(dir, 'screen.mp4')]);
      const stderr = stderrOf(['-i', path.join(dir, 'screen.mp4'), '-vf', `subtitles=${path.join(dir, 'screen.mp4')}`, '-f', 'null', '-']);
      // A build without libass has no such filter: that line leads then, as it should.
      expect(decisiveLine(stderr, known)).toMatch(/^(Unable to locate subtitle stream in .*screen\.mp4|No such filter: 'subtitles')$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leads a missing input or a bad filter option with its line', () => {
    expect(decisiveLine(stderrOf(['-i', 'missing-input.mp4', '-f', 'null', '-']), known)).toBe('missing-input.mp4: No such file or directory');
    expect(decisiveLine(stderrOf([...src, '-vf', 'scale=wdth=3', '-f', 'null', '-']), known)).toMatch(/Option 'wdth' not found/);
  });
});

describe('ffmpegFailureMessage', () => {
  it('puts the decisive line first, then how ffmpeg ended and its last lines', () => {
    const stderr = stderrOf([...src, '-vf', 'scael=320:-2', '-f', 'null', '-']);
    const msg = ffmpegFailureMessage(stderr, 'exited with code 1', known);
    expect(msg.split('\n')[0]).toBe("No such filter: 'scael' (did you mean 'scale'?)");
    expect(msg).toContain("ffmpeg exited with code 1; its last lines (the whole output is in the command's log):");
    expect(msg.length).toBeLessThan(1500);
  });
});

describe('closestName', () => {
  it('suggests a name one typo away, and nothing far away', () => {
    expect(closestName('scael', known.filters)).toBe('scale');
    expect(closestName('xfde', known.filters)).toBe('xfade');
    expect(closestName('scale', known.filters)).toBeNull(); // exact: nothing to suggest
    expect(closestName('blur', known.filters)).toBeNull();
  });
});
