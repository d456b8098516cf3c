import { describe, expect, it } from 'vitest';
import { createPeakCounter, MAX_PEAKS, planSprite, planWaveform, spriteFilter } from './timeline-plan';

describe('sprite plan', () => {
  it('when a file is 10 minutes long, then 100 tiles of 160 px, ten to a row, one every 6 s', () => {
    const plan = planSprite(600, 1920, 1080);
    expect(plan).toEqual({ count: 100, columns: 10, rows: 10, tileWidth: 160, tileHeight: 90, intervalSeconds: 6 });
    expect(spriteFilter(plan)).toBe('tpad=stop_mode=clone:stop_duration=600,fps=1000/6000,scale=160:90,setsar=1,tile=10x10');
  });

  it('when a file is short or of unknown length, then a tile every 2 s, at least one', () => {
    expect(planSprite(6, 320, 240)).toMatchObject({ count: 3, columns: 3, rows: 1, tileHeight: 120, intervalSeconds: 2 });
    expect(planSprite(0, null, null)).toMatchObject({ count: 1, intervalSeconds: 1, tileHeight: 90 });
  });
});

describe('waveform', () => {
  it('when a film is long, then fewer peaks per second and a lower rate keep both bounded', () => {
    expect(planWaveform(60)).toEqual({ sampleRate: 8000, peaksPerSecond: 50 });
    const film = planWaveform(7200);
    expect(film.peaksPerSecond * 7200).toBeCloseTo(MAX_PEAKS);
    expect(film.sampleRate * 7200).toBeLessThanOrEqual(24_000_000);
  });

  it('when samples arrive in chunks split inside a sample, then each bucket holds its peak |level|', () => {
    const counter = createPeakCounter({ sampleRate: 4, peaksPerSecond: 2 }); // 2 samples per bucket
    const pcm = Buffer.alloc(8);
    [100, -16384, 32767, 0].forEach((v, i) => pcm.writeInt16LE(v, i * 2));
    counter.push(pcm.subarray(0, 3));
    counter.push(pcm.subarray(3));
    expect(counter.peaks()).toEqual([0.5, 1]);
  });
});
