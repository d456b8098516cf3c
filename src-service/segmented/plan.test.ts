import { describe, expect, it } from 'vitest';
import { splitCommandText } from '../ffmpeg-args/command-text';
import { segmentedIssues } from '../ffmpeg-args/segmented-eligibility';
import { audioNameFor, planBounds, planSegmented, queueOrder } from './plan';

const one: { input_files: Record<string, string>; output_files: Record<string, string> | 'OUTPUT_FOLDER' } = {
  input_files: { in_1: 'https://x/a.mp4' },
  output_files: { out_1: 'b.mp4' },
};

describe('segmentedIssues', () => {
  const cases: [string, Partial<typeof one> & Record<string, unknown>, string, RegExp | null][] = [
    ['plain CRF encode', {}, '-i {{in_1}} -c:v libx264 -crf 23 -c:a aac {{out_1}}', null],
    ['frame-by-frame filters', {}, '-i {{in_1}} -vf scale=640:-2,format=yuv420p,hflip -c:v libx264 {{out_1}}', null],
    ['loudnorm on the audio, which is encoded whole', {}, '-i {{in_1}} -af loudnorm -c:v libx264 {{out_1}}', null],
    ['areverse as -filter:a', {}, '-i {{in_1}} -filter:a areverse,loudnorm {{out_1}}', null],
    ['two inputs', { input_files: { in_1: 'https://x/a', in_2: 'https://x/b' } }, '-i {{in_1}} -i {{in_2}} {{out_1}}', /exactly one media input/],
    ['a zip of inputs', { input_compressed_folder: 'https://x/z.zip' }, '-i {{in_1}} {{out_1}}', /exactly one media input/],
    ['two outputs', { output_files: { out_1: 'a.mp4', out_2: 'b.mp4' } }, '-i {{in_1}} {{out_1}} {{out_2}}', /exactly one output/],
    ['an output folder', { output_files: 'OUTPUT_FOLDER' }, '-i {{in_1}} out.mp4', /exactly one output/],
    ['output not last', {}, '-i {{in_1}} {{out_1}} -y', /output last/],
    ['fps filter', {}, '-i {{in_1}} -vf fps=10 {{out_1}}', /filter fps spans time/],
    ['minterpolate after a label', {}, '-i {{in_1}} -filter:v [0:v]minterpolate=fps=60 {{out_1}}', /filter minterpolate/],
    ['reverse', {}, '-i {{in_1}} -vf reverse {{out_1}}', /filter reverse/],
    ['fade depends on timestamps', {}, '-i {{in_1}} -vf fade=t=in:d=1 {{out_1}}', /filter fade/],
    ['timeline enable=', {}, "-i {{in_1}} -vf hflip=enable='gt(t,3)' {{out_1}}", /enable=/],
    ['-ss on the input', {}, '-ss 10 -i {{in_1}} {{out_1}}', /-ss selects time/],
    ['-t on the output', {}, '-i {{in_1}} -t 5 {{out_1}}', /-t selects time/],
    ['-frames:v', {}, '-i {{in_1}} -frames:v 100 {{out_1}}', /-frames:v selects/],
    ['output rate -r', {}, '-i {{in_1}} -r 24 {{out_1}}', /-r selects/],
    ['two-pass', {}, '-i {{in_1}} -c:v libx264 -b:v 1M -pass 2 {{out_1}}', /Two-pass/],
    ['x265 two-pass in params', {}, '-i {{in_1}} -c:v libx265 -x265-params pass=1:stats=a {{out_1}}', /Two-pass/],
    ['filter_complex', {}, '-i {{in_1}} -filter_complex [0:v]scale=2:2 {{out_1}}', /filter graph/],
    ['-fps_mode cfr', {}, '-i {{in_1}} -fps_mode cfr {{out_1}}', /-fps_mode selects/],
    ['-fps_mode passthrough (keeps a VFR source exact)', {}, '-i {{in_1}} -fps_mode passthrough {{out_1}}', null],
    ['-map of another stream', {}, '-i {{in_1}} -map 0:s {{out_1}}', /-map/],
    ['-map of the video and the optional audio (as the convert panel writes)', {}, '-i {{in_1}} -map 0:v:0 -map 0:a:0? -c:v libx264 {{out_1}}', null],
  ];
  it.each(cases)('%s', (_name, over, text, expected) => {
    const issues = segmentedIssues({ ...one, ...over }, splitCommandText(text));
    if (expected === null) expect(issues).toEqual([]);
    else {
      expect(issues.map((i) => i.msg).join('\n')).toMatch(expected);
      expect(issues.every((i) => i.loc.join('.') === 'body.segmented' && /without "segmented"/.test(i.msg))).toBe(true);
    }
  });
});

describe('planBounds', () => {
  const kf = (step: number, duration: number) => Array.from({ length: Math.ceil(duration / step) }, (_, i) => i * step);
  it.each([
    ['1 s GOPs, 2 s segments', kf(1, 6), 6, 2, [0, 2, 4], 6],
    ['2 s GOPs, 3 s segments: cut at the next keyframe', kf(2, 10), 10, 3, [0, 4, 8], 10],
    ['segment longer than the input', kf(1, 5), 5, 30, [0], 5],
    ['irregular keyframes', [0, 0.96, 3.2, 3.4, 7.04], 9, 3, [0, 3.2, 7.04], 9],
    ['a last keyframe at the very end is no cut', [0, 2, 4], 4, 2, [0, 2], 4],
    ['a first keyframe after zero', [0.08, 2.08, 4.08], 6, 2, [0.08, 2.08, 4.08], 6],
  ])('%s', (_n, keyframes, duration, seconds, starts, lastEnd) => {
    const b = planBounds({ keyframes, duration }, seconds);
    expect(b.map((s) => s.start)).toEqual(starts);
    expect(b.at(-1)!.end).toBe(lastEnd);
    b.slice(1).forEach((s, i) => expect(s.start).toBe(b[i]!.end));
    expect(b.map((s) => s.index)).toEqual(starts.map((_, i) => i));
  });
});

describe('planBounds with a fine tail (balanced lanes)', () => {
  const kf = (step: number, duration: number) => Array.from({ length: Math.ceil(duration / step) }, (_, i) => i * step);
  it.each([
    ['a 10 s last segment, 2 s GOPs: cut at the keyframes past each middle, 6 + 2 + 2', kf(2, 60), 60, 10, [0, 10, 20, 30, 40, 50, 56, 58]],
    ['a segment longer than the input is halved too', kf(1, 5), 5, 30, [0, 3, 4]],
    ['no piece under 1 s is cut off the end', [0, 2, 4, 5.5], 6, 4, [0, 4]],
    ['no keyframe inside the tail: nothing to cut', [0, 10], 12, 10, [0, 10]],
  ])('%s', (_n, keyframes, duration, seconds, starts) => {
    const b = planBounds({ keyframes, duration }, seconds, undefined, { fineTail: true });
    expect(b.map((s) => s.start)).toEqual(starts);
    expect(b.at(-1)!.end).toBe(duration);
    b.slice(1).forEach((s, i) => expect(s.start).toBe(b[i]!.end));
  });
});

describe('planSegmented', () => {
  const tokens = ['-i', 'in.mov', '-c:v', 'libx264', '-crf', '20', '-c:a', 'aac', '-movflags', '+faststart', 'out.mp4'];
  const facts = { keyframes: [0, 2, 4], duration: 6, hasAudio: true };

  it('encodes each segment from its keyframe, video only, with the same arguments; audio whole; joins by stream copy', () => {
    const p = planSegmented(facts, tokens, 'in.mov', 2);
    // Each piece aims 2 ms past its keyframe, taken back out of its times (an MP4 may index a keyframe a hair late).
    expect(p.encodes[0]).toEqual([
      '-ss',
      '0.002000',
      '-itsoffset',
      '0.002000',
      '-to',
      '2.002000',
      '-i',
      'in.mov',
      '-c:v',
      'libx264',
      '-crf',
      '20',
      '-c:a',
      'aac',
      '-an',
      '-sn',
      '-dn',
      'seg_enc_00000.mov',
    ]);
    expect(p.encodes[2]!.slice(0, 6)).toEqual(['-ss', '4.002000', '-itsoffset', '0.002000', '-i', 'in.mov']);
    expect(p.encodes[1]).toEqual([
      '-ss',
      '2.002000',
      '-itsoffset',
      '0.002000',
      '-to',
      '4.002000',
      '-i',
      'in.mov',
      '-c:v',
      'libx264',
      '-crf',
      '20',
      '-c:a',
      'aac',
      '-an',
      '-sn',
      '-dn',
      'seg_enc_00001.mov',
    ]);
    expect(p.audio).toEqual(['-i', 'in.mov', '-c:v', 'libx264', '-crf', '20', '-c:a', 'aac', '-vn', '-sn', '-dn', 'seg_audio.mp4']);
    expect(p.join).toEqual([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      'seg_list.txt',
      '-i',
      'seg_audio.mp4',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      'out.mp4',
    ]);
    expect(p.files['seg_list.txt']).toBe(
      "file 'seg_enc_00000.mov'\nduration 2.000000\nfile 'seg_enc_00001.mov'\nduration 2.000000\nfile 'seg_enc_00002.mov'\n",
    );
  });

  it('without audio: no audio step, the join maps nothing extra', () => {
    const p = planSegmented({ ...facts, hasAudio: false }, tokens, 'in.mov', 2);
    expect(p.audio).toBeNull();
    expect(p.join).toEqual(['-f', 'concat', '-safe', '0', '-i', 'seg_list.txt', '-c', 'copy', '-movflags', '+faststart', 'out.mp4']);
  });

  it('one segment: read from the start to the end, no -to', () => {
    expect(planSegmented({ ...facts, keyframes: [0] }, tokens, 'in.mov', 60).encodes).toEqual([
      ['-ss', '0.002000', '-itsoffset', '0.002000', ...tokens.slice(0, 8), '-an', '-sn', '-dn', 'seg_enc_00000.mov'],
    ]);
  });

  it('where a seek would land a GOP early (B-frames outside MP4/MOV), each piece aims the lead later and takes it back out of its times', () => {
    const p = planSegmented({ ...facts, seekLead: 0.25 }, tokens, 'in.mov', 2);
    expect(p.encodes[1]!.slice(0, 6)).toEqual(['-ss', '2.252000', '-itsoffset', '0.252000', '-to', '4.252000']);
    expect(p.encodes[2]!.slice(0, 5)).toEqual(['-ss', '4.252000', '-itsoffset', '0.252000', '-i']);
    // The audio is read whole, without a seek: no lead.
    expect(p.audio).not.toContain('-itsoffset');
  });

  it('a track timescale goes to the pieces and to the join alike', () => {
    const p = planSegmented(facts, ['-i', 'in.mov', '-c:v', 'libx264', '-video_track_timescale', '1000', 'out.mp4'], 'in.mov', 2);
    expect(p.encodes[0]!.slice(-8)).toEqual(['-c:v', 'libx264', '-video_track_timescale', '1000', '-an', '-sn', '-dn', 'seg_enc_00000.mov']);
    expect(p.join.slice(-3)).toEqual(['-video_track_timescale', '1000', 'out.mp4']);
  });

  it('input options before -i stay before it, after the range', () => {
    const p = planSegmented(facts, ['-re', '-i', 'in.mov', '-c:v', 'libx265', 'out.mkv'], 'in.mov', 2);
    expect(p.encodes[1]).toEqual([
      ...['-re', '-ss', '2.002000', '-itsoffset', '0.002000', '-to', '4.002000'],
      ...['-i', 'in.mov', '-c:v', 'libx265', '-an', '-sn', '-dn', 'seg_enc_00001.mov'],
    ]);
  });
});

describe('planSegmented with input ranges (an edit: edits/segmented-edit.ts)', () => {
  const facts = { keyframes: [0, 2, 4, 6, 8, 10], duration: 12, hasAudio: true };
  const tokens = ['-i', 'in.mp4', '-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'libx264', '-c:a', 'aac', '-movflags', '+faststart', 'out.mp4'];
  const plan = planSegmented(facts, tokens, 'in.mp4', 3, [
    { start: 1.04, end: 7.2 },
    { start: 9, end: 11 },
  ]);

  it('cuts each range at the first keyframe past each segment length on its own, the tail of the last range in halves, indexes running on across ranges', () => {
    expect(plan.segments).toEqual([
      { index: 0, start: 1.04, end: 6 },
      { index: 1, start: 6, end: 7.2 },
      { index: 2, start: 9, end: 10 },
      { index: 3, start: 10, end: 11 },
    ]);
  });

  it('reads every piece from a hair before its first frame to a hair before the next one, the last piece too; one on a keyframe aims 2 ms past, taken back out', () => {
    expect(plan.encodes[0]!.slice(0, 5)).toEqual(['-ss', '1.039500', '-to', '5.999500', '-i']);
    expect(plan.encodes[1]!.slice(0, 6)).toEqual(['-ss', '6.001500', '-itsoffset', '0.002000', '-to', '7.201500']);
    expect(plan.encodes[2]!.slice(0, 4)).toEqual(['-ss', '8.999500', '-to', '9.999500']);
    expect(plan.encodes[3]!.slice(0, 6)).toEqual(['-ss', '10.001500', '-itsoffset', '0.002000', '-to', '11.001500']);
    expect(plan.files['seg_list.txt']).toBe(
      "file 'seg_enc_00000.mov'\nduration 4.960000\nfile 'seg_enc_00001.mov'\nduration 1.200000\n" +
        "file 'seg_enc_00002.mov'\nduration 1.000000\nfile 'seg_enc_00003.mov'\n",
    );
  });

  it('with a seek lead, each piece aims it later from a hair before its first frame and takes it back out; the audio reads keep their seeks', () => {
    const led = planSegmented({ ...facts, seekLead: 0.25 }, tokens, 'in.mp4', 3, [
      { start: 1.04, end: 7.2 },
      { start: 9, end: 11 },
    ]);
    expect(led.encodes[0]!.slice(0, 7)).toEqual(['-ss', '1.289500', '-itsoffset', '0.250000', '-to', '6.249500', '-i']);
    expect(led.encodes[3]!.slice(0, 6)).toEqual(['-ss', '10.251500', '-itsoffset', '0.252000', '-to', '11.251500']);
    expect(led.audio).toEqual(plan.audio);
  });

  it('encodes the ranges audio once: one input per range, joined by the concat filter, the video maps dropped', () => {
    expect(plan.audio).toEqual([
      ...['-ss', '1.039500', '-to', '7.199500', '-i', 'in.mp4', '-ss', '8.999500', '-to', '10.999500', '-i', 'in.mp4'],
      ...['-filter_complex', '[0:a:0][1:a:0]concat=n=2:v=0:a=1[a0]', '-map', '[a0]', '-c:v', 'libx264', '-c:a', 'aac'],
      ...['-vn', '-sn', '-dn', 'seg_audio.mp4'],
    ]);
    expect(plan.join.slice(-3)).toEqual(['-movflags', '+faststart', 'out.mp4']);
  });

  it('every audio track is kept: each joined by the concat filter on its own; one range maps them all', () => {
    const two = planSegmented({ ...facts, audioTracks: [0, 1] }, tokens, 'in.mp4', 3, [
      { start: 1.04, end: 7.2 },
      { start: 9, end: 11 },
    ]);
    expect(two.audio).toContain('[0:a:0][0:a:1][1:a:0][1:a:1]concat=n=2:v=0:a=2[a0][a1]');
    expect(two.audio!.join(' ')).toContain('-map [a0] -map [a1]');
    const single = planSegmented({ ...facts, audioTracks: [0, 1] }, tokens, 'in.mp4', 30, [{ start: 0, end: 5 }]);
    expect(single.audio?.slice(4, 10)).toEqual(['-i', 'in.mp4', '-map', '0:a:0', '-map', '0:a:1']);
  });

  it('only the tracks an edit keeps, in its order (audio_tracks)', () => {
    const second = planSegmented({ ...facts, audioTracks: [1] }, tokens, 'in.mp4', 3, [
      { start: 1.04, end: 7.2 },
      { start: 9, end: 11 },
    ]);
    expect(second.audio).toContain('[0:a:1][1:a:1]concat=n=2:v=0:a=1[a0]');
    const swapped = planSegmented({ ...facts, audioTracks: [1, 0] }, tokens, 'in.mp4', 30, [{ start: 0, end: 5 }]);
    expect(swapped.audio?.slice(4, 10)).toEqual(['-i', 'in.mp4', '-map', '0:a:1', '-map', '0:a:0']);
  });

  it('the join muxes extra inputs (the subtitles of an edit) after the audio, their maps after -c copy', () => {
    const extra = { files: { 'cut-subs-1-1.srt': '1\n' }, inputs: ['-f', 'srt', '-i', 'cut-subs-1-1.srt'], maps: ['-map', '2:s:0', '-c:s', 'mov_text'] };
    const p = planSegmented(facts, tokens, 'in.mp4', 3, [{ start: 0, end: 5 }], extra);
    expect(p.join).toEqual([
      ...['-f', 'concat', '-safe', '0', '-i', 'seg_list.txt', '-i', 'seg_audio.mp4', '-f', 'srt', '-i', 'cut-subs-1-1.srt'],
      ...['-map', '0:v', '-map', '1:a', '-c', 'copy', '-map', '2:s:0', '-c:s', 'mov_text', '-movflags', '+faststart', 'out.mp4'],
    ]);
    expect(p.files['cut-subs-1-1.srt']).toBe('1\n');
    const silent = planSegmented({ ...facts, hasAudio: false }, tokens, 'in.mp4', 3, [{ start: 0, end: 5 }], extra);
    expect(silent.join.slice(6, 12)).toEqual(['-f', 'srt', '-i', 'cut-subs-1-1.srt', '-map', '0:v']);
  });

  it('one range: its audio read from its start to its end, no filter', () => {
    const single = planSegmented(facts, tokens, 'in.mp4', 30, [{ start: 0, end: 5 }]);
    expect(single.segments).toEqual([
      { index: 0, start: 0, end: 4 },
      { index: 1, start: 4, end: 5 },
    ]);
    expect(single.audio?.slice(0, 8)).toEqual(['-ss', '0.000000', '-to', '4.999500', '-i', 'in.mp4', '-map', '0:a:0']);
  });
});

describe('audioNameFor', () => {
  it.each([
    ['out.mp4', 'seg_audio.mp4'],
    ['out.M4V', 'seg_audio.mp4'],
    ['out.mov', 'seg_audio.mov'],
    ['out.mkv', 'seg_audio.mka'],
    ['out.webm', 'seg_audio.mka'],
  ])('an output %s: the audio piece is %s (an MP4/MOV keeps the AAC priming in its edit list)', (out, name) => expect(audioNameFor(out)).toBe(name));
});

describe('queueOrder (balanced lanes)', () => {
  const kf = Array.from({ length: 30 }, (_, i) => i * 2);
  const tokens = ['-i', 'in.mp4', '-c:v', 'libx264', '-c:a', 'aac', 'out.mp4'];

  it('takes the full-length segments, then the audio, then the halves of the last segment', () => {
    const p = planSegmented({ keyframes: kf, duration: 60, hasAudio: true }, tokens, 'in.mp4', 10);
    expect(p.segments.map((s) => s.start)).toEqual([0, 10, 20, 30, 40, 50, 56, 58]);
    expect(p.tailFrom).toBe(5);
    expect(queueOrder(p)).toEqual([0, 1, 2, 3, 4, 'audio', 5, 6, 7]);
    expect(queueOrder({ ...p, audio: null })).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a last segment that cannot be halved: the audio goes last', () => {
    const p = planSegmented({ keyframes: kf.filter((k) => k < 52), duration: 52, hasAudio: true }, tokens, 'in.mp4', 10);
    expect(p.segments.map((s) => s.start)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(queueOrder(p)).toEqual([0, 1, 2, 3, 4, 5, 'audio']);
  });

  it('ranges: only the last range has a fine tail', () => {
    const p = planSegmented({ keyframes: kf, duration: 60, hasAudio: true }, tokens, 'in.mp4', 10, [
      { start: 0, end: 20 },
      { start: 30, end: 50 },
    ]);
    expect(p.segments.map((s) => [s.start, s.end])).toEqual([
      [0, 10],
      [10, 20],
      [30, 40],
      [40, 46],
      [46, 48],
      [48, 50],
    ]);
    expect(queueOrder(p)).toEqual([0, 1, 2, 'audio', 3, 4, 5]);
  });
});
