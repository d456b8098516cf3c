import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from './run-process';
import { binaries, makeTempDir } from '../testing/media-fixtures';

const ffmpeg = binaries.ffmpegPath;
/** 20 s of 0.2 s beeps and 0.2 s pauses: silencedetect prints 100 lines, far more than a 1 KB tail holds. */
const BEEPS = ['-hide_banner', '-nostdin', '-nostats', '-f', 'lavfi', '-i', 'aevalsrc=0.5*sin(2*PI*440*t)*lt(mod(t\\,0.4)\\,0.2):d=20'];
let cwd: string;

beforeAll(() => {
  cwd = makeTempDir('run-process-stderr');
});
afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));

describe('runProcess onStderrLine', () => {
  it('when a filter logs a line per event, then every stderr line is delivered, though the tail keeps only the end', async () => {
    const lines: string[] = [];
    const argv = [...BEEPS, '-af', 'silencedetect=n=-35dB:d=0.1', '-f', 'null', '-'];
    const r = await runProcess({ bin: ffmpeg, argv }, { cwd, stderrTailBytes: 1024, onStderrLine: (l) => lines.push(l) });
    expect(r.exitCode).toBe(0);
    expect(lines.filter((l) => l.includes('silence_start:'))).toHaveLength(50);
    expect(r.stderrTail.length).toBeLessThanOrEqual(1024);
    expect(r.stderrTail.split('silence_start:').length - 1).toBeLessThan(50);
  });

  it('when onStderrLine throws, then the process is killed and the run rejects naming it', async () => {
    const argv = ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25', '-f', 'null', '-'];
    const run = runProcess(
      { bin: ffmpeg, argv },
      {
        cwd,
        timeoutMs: 20_000,
        onStderrLine: () => {
          throw new Error('bad line');
        },
      },
    );
    await expect(run).rejects.toThrow(/onStderrLine threw/);
  });
});
