import { describe, expect, it } from 'vitest';
import { createPacketTally, keyframeTimeOf, sortedKeyframes } from './keyframe-lines';

// Captured from ffprobe 5.1 (-select_streams v:0 -show_entries packet=pts_time,flags -of compact=p=0) on H.264 with B-frames.
const CAPTURED = [
  'pts_time=0.000000|flags=K_',
  'pts_time=0.120000|flags=__',
  'pts_time=0.040000|flags=__',
  'pts_time=1.000000|flags=K_',
  'pts_time=2.000000|flags=K_',
];

describe('keyframe lines', () => {
  it('when packets are listed, then only key packets give a time', () => {
    expect(CAPTURED.map(keyframeTimeOf)).toEqual([0, null, null, 1, 2]);
  });

  it('when a key packet has no time, or flags come first, or flags carry a discard mark, then it is read all the same or skipped', () => {
    expect(keyframeTimeOf('pts_time=N/A|flags=K_')).toBeNull();
    expect(keyframeTimeOf('flags=K__|pts_time=4.5')).toBe(4.5);
    expect(keyframeTimeOf('pts_time=3.0|flags=KD_')).toBe(3);
    expect(keyframeTimeOf('')).toBeNull();
  });

  it('when key packets come out of order or twice, then the list is ascending without repeats', () => {
    expect(sortedKeyframes([4, 0, 2, 2])).toEqual([0, 2, 4]);
  });

  it('when the packets are tallied, then the keyframes come out sorted, and a GOP is open only where a packet after a key one shows before it', () => {
    const closed = createPacketTally();
    CAPTURED.forEach(closed.line);
    expect(closed.result()).toMatchObject({ keyframes: [0, 1, 2], hasOpenGop: false });
    // x265's CRA keyframe at 2.0 s, then its leading B-frames, shown before it, from the GOP before.
    const open = createPacketTally();
    [...CAPTURED, 'pts_time=1.920000|flags=__', 'pts_time=1.960000|flags=__'].forEach(open.line);
    expect(open.result().hasOpenGop).toBe(true);
    // A packet with no time says nothing.
    const untimed = createPacketTally();
    ['pts_time=1.000000|flags=K_', 'pts_time=N/A|flags=__'].forEach(untimed.line);
    expect(untimed.result()).toEqual({ keyframes: [1], hasOpenGop: false, frameRate: null });
  });

  it('when the packets are tallied, then the frame rate is one over the commonest gap between the times shown, whatever the decode order', () => {
    const tally = createPacketTally();
    // 29.97 fps in decode order with B-frames, and one frame missing (a gap does not move the median).
    const shown = [0, 3, 1, 2, 6, 4, 5, 9, 7, 8, 12, 10].map((n) => (n * 1001) / 30000);
    shown.forEach((t, i) => tally.line(`pts_time=${t.toFixed(6)}|flags=${i % 6 === 0 ? 'K' : '_'}_`));
    expect(tally.result().frameRate).toBe(29.97);
  });
});
