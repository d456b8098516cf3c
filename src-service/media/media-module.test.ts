import { afterEach, describe, expect, it } from 'vitest';
import { createMedia } from './media-module';
import { createProbeCache } from './probe-cache';
import { createBackgroundTasks, type BackgroundTasks } from '../work/background';

let tasks: BackgroundTasks | undefined;
afterEach(async () => {
  await tasks?.stop();
});

describe('the media module', () => {
  it('when read before start(), then it throws an error that says so; after start(), then it gives the chosen binaries and facts', async () => {
    tasks = createBackgroundTasks(() => undefined);
    const lines: string[] = [];
    const media = createMedia({ probeCache: createProbeCache(null), tasks, log: (m) => lines.push(m) });
    expect(() => media.binaries()).toThrow(/start\(\) has not run yet/);
    expect(() => media.facts()).toThrow(/start\(\) has not run yet/);

    await media.start();
    const chosen = media.binaries();
    expect(chosen.ffmpegPath).toMatch(/ffmpeg/);
    expect(chosen.ffprobePath).toMatch(/ffprobe/);
    expect(lines[0]).toBe(`ffmpeg: ${chosen.ffmpegPath} (${chosen.ffmpeg.reason}); ffprobe: ${chosen.ffprobePath} (${chosen.ffprobe.reason})`);
    const caps = await media.facts().capabilities();
    expect(caps.encoders.length).toBeGreaterThan(0);
  });
});
