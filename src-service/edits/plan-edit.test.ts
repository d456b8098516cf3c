import { describe, expect, it } from 'vitest';
import { EditBody, SOUND_ONLY_EXTENSIONS } from '../contract/edits.schema';
import type { CutFacts, PacketFact } from './facts';
import { hasOpenGop, packetWindows, parsePacketCsv } from './facts';
import { NeedsEveryPacket, PlanError, chooseMode, planEdit, segmentFileName } from './plan-edit';
import { OUTPUT_EXTENSIONS, containerOf, hasVideo, type OutputContainer } from './output-container';

const MP4 = containerOf('cut.mp4') as OutputContainer;

/** 25 fps, `seconds` long, a keyframe every 2 s, B-frames (decode order: I P B B ...). */
function packets25(seconds: number): PacketFact[] {
  const out: PacketFact[] = [];
  const n = seconds * 25;
  for (let gop = 0; gop < n; gop += 50) {
    out.push({ pts: gop / 25, key: true });
    for (let i = gop + 1; i < Math.min(gop + 50, n); i += 3) {
      const p = Math.min(i + 2, Math.min(gop + 50, n) - 1);
      out.push({ pts: p / 25, key: false });
      for (let b = i; b < p; b++) out.push({ pts: b / 25, key: false });
    }
  }
  return out;
}

const facts = (over: Partial<CutFacts['video']> = {}): CutFacts => ({
  duration: 10,
  video: { codec: 'h264', profile: 'High', level: 30, pixFmt: 'yuv420p', timeBase: '1/12800', bitRate: 500_000, packets: packets25(10), ...over },
  audio: { codec: 'aac', bitRate: 128_000 },
});

const edit = (over: Record<string, unknown>) => EditBody.parse({ input: 'file1', segments: [{ start: 1, end: 5 }], output: { filename: 'cut.mp4' }, ...over });

/** The video parts of a plan's steps: [kind, where the part's input starts (its -ss less its -itsoffset), frames]. */
const parts = (steps: string[][]) =>
  steps.flatMap((s) => {
    // Each input's -ss: the last one before its -i and after the input before it (other input options may follow it).
    const seeks = s.flatMap((t, i) => {
      if (t !== '-i') return [];
      const own = (name: string) => {
        const at = s.lastIndexOf(name, i);
        return at > s.lastIndexOf('-i', i - 1) ? s[at + 1] : undefined;
      };
      const ss = own('-ss');
      const offset = own('-itsoffset');
      return [ss === undefined ? null : offset === undefined ? ss : String(Math.round((Number(ss) - Number(offset)) * 1e6) / 1e6)];
    });
    return s.flatMap((t, i) => {
      const rest = s.slice(i + 2);
      if (t !== '-map' || !/^\d+:v:0$/.test(s[i + 1] ?? '') || !rest.includes('-frames:v')) return [];
      const own = rest.slice(0, rest.indexOf('-f'));
      return [[own.includes('copy') ? 'copy' : 'encode', seeks[Number(s[i + 1]!.split(':')[0])], Number(own[own.indexOf('-frames:v') + 1])]];
    });
  });

describe('planEdit', () => {
  it('smart: head re-encoded up to the first keyframe inside, whole GOPs copied, tail from the last keyframe', () => {
    const plan = planEdit(facts(), edit({ mode: 'smart', segments: [{ start: 1.04, end: 6.12 }] }), 'in_1/a.mp4');
    expect(parts(plan.steps)).toEqual([
      ['encode', '1.0395', 24],
      ['copy', '2', 100],
      ['encode', '6.02', 3],
    ]);
    // The tail starts on a keyframe: decoding starts there (half a frame past it, untrimmed), not a GOP earlier.
    expect(plan.steps[2]?.slice(0, 3)).toEqual(['-noaccurate_seek', '-ss', '6.02']);
    // The copy aims half a frame past its keyframe and takes that back out of its times.
    expect(plan.steps[1]?.slice(0, 4)).toEqual(['-ss', '2.02', '-itsoffset', '0.02']);
    expect(plan.steps[0]).not.toContain('-noaccurate_seek');
    // The edges are encoded from the pixels as stored, not turned upright (a phone's portrait video).
    expect(plan.steps[0]).toContain('-noautorotate');
    expect(plan.steps[1]).not.toContain('-noautorotate');
    expect(plan.result).toMatchObject({ mode: 'smart', mode_used: 'smart', segments: [{ start: 1.04, end: 6.12, actual_start: 1.04, actual_end: 6.12 }] });
    // A copied part leads the concat list (taking no packets) so the output keeps the source's avcC.
    expect(plan.files['cut-video-1.ffconcat']).toMatch(
      /^ffconcat version 1.0\nfile cut-v1-2.mp4\nduration 0\noutpoint -1000\nfile cut-v1-1.mp4\nduration 0.96\n/,
    );
  });

  it.each([
    ['on keyframes', 2, 6, [['copy', '2', 100]]],
    ['inside one GOP', 2.4, 3.2, [['encode', '2.3995', 20]]],
    [
      'one frame before a keyframe',
      1.96,
      5.96,
      [
        ['encode', '1.9595', 1],
        ['copy', '2', 50],
        ['encode', '4.02', 49],
      ],
    ],
  ])('smart %s', (_name, start, end, expected) => {
    expect(parts(planEdit(facts(), edit({ mode: 'smart', segments: [{ start, end }] }), 'in').steps)).toEqual(expected);
  });

  it('reencode: one exact part per segment with the output options', () => {
    const plan = planEdit(
      facts(),
      edit({ mode: 'reencode', segments: [{ start: 1.01, end: 2 }], output: { filename: 'x.mkv', video_codec: 'hevc', crf: '23' } }),
      'in',
    );
    const step = plan.steps[0]!;
    expect(parts(plan.steps)).toEqual([['encode', '1.0395', 24]]);
    // The video and audio parts run at once (stage 0), then the join (stage 1).
    expect(plan.stages).toEqual([0, 0, 1]);
    expect(step).toEqual(expect.arrayContaining(['libx265', '23']));
  });

  it('lossless: starts at the keyframe at or before the start, and the record says so', () => {
    const plan = planEdit(facts(), edit({ mode: 'lossless', segments: [{ start: 3, end: 4 }] }), 'in');
    expect(parts(plan.steps)[0]?.slice(0, 2)).toEqual(['copy', '2']);
    const seg = plan.result.segments[0]!;
    expect(seg.actual_start).toBe(2);
    expect(seg.actual_end).toBeLessThanOrEqual(4);
    expect(plan.steps.at(-1)).toEqual(expect.arrayContaining(['-c:a', 'copy']));
  });

  it('lossless: a segment whose last frames are B-frames decoded after a later frame ends early, and a note says by how many frames', () => {
    // Frames 72 and 73 show before frame 74 but are decoded after it (P74 B72 B73): a copy ending before 74 leaves them out.
    const short = planEdit(facts(), edit({ mode: 'lossless', segments: [{ start: 2.5, end: 2.96 }] }), 'in');
    expect(short.result.segments[0]?.actual_end).toBe(2.88);
    expect(short.result.notes).toEqual([
      'The cut ends 2 frames before its out point: a copy keeps whole runs of frames, and those need a later one (B-frames); smart is exact',
    ]);
    // Ending where a run of frames ends: nothing left out, no note.
    const whole = planEdit(facts(), edit({ mode: 'lossless', segments: [{ start: 2.5, end: 2.88 }] }), 'in');
    expect(whole.result.segments[0]?.actual_end).toBe(2.88);
    expect(whole.result.notes).toBeUndefined();
    const two = planEdit(
      facts(),
      edit({
        mode: 'lossless',
        segments: [
          { start: 0, end: 1 },
          { start: 2.5, end: 2.96 },
        ],
      }),
      'in',
    );
    expect(two.result.notes).toEqual([expect.stringMatching(/^Segment 2 ends 2 frames before its out point/)]);
  });

  it('join=false: one output per segment, named after the segment', () => {
    const plan = planEdit(
      facts(),
      edit({
        join: false,
        segments: [
          { start: 0, end: 1, name: 'Intro shot' },
          { start: 4, end: 6 },
        ],
      }),
      'in',
    );
    expect(plan.outputs).toEqual({ out_1: 'cut-Intro-shot-1.mp4', out_2: 'cut-2.mp4' });
    expect(plan.result.segments.map((s) => s.output)).toEqual(['out_1', 'out_2']);
  });

  it('a segment past the end, or holding no frame, is refused naming the field', () => {
    expect(() => planEdit(facts(), edit({ segments: [{ start: 11, end: 12 }] }), 'in')).toThrow(PlanError);
    const thrown = (() => {
      try {
        planEdit(facts(), edit({ segments: [{ start: 1, end: 1.0005 }] }), 'in');
        return null;
      } catch (err) {
        return err as PlanError;
      }
    })();
    expect(thrown?.field).toEqual(['segments', 0, 'end']);
  });

  it('an input without video is cut by samples (audio only)', () => {
    const plan = planEdit({ duration: 10, video: null, audio: { codec: 'mp3' } }, edit({ mode: 'smart', output: { filename: 'a.mka' } }), 'in');
    expect(plan.result.mode_used).toBe('reencode');
    expect(plan.steps[0]).toEqual(expect.arrayContaining(['-ss', '1', '-t', '4', '-c:a', 'flac']));
  });

  it('an exact cut of a 24-bit WAV stays 24-bit (PCM keeps its depth); a WAV of AAC sound is 16-bit', () => {
    const wav = containerOf('cut.wav') as OutputContainer;
    expect(wav).toBeDefined();
    const deep = planEdit({ duration: 10, video: null, audio: { codec: 'pcm_s24le' } }, edit({ mode: 'smart', output: { filename: 'cut.wav' } }), 'in');
    expect(deep.steps.at(-1)).toEqual(expect.arrayContaining(['-c:a', 'pcm_s24le']));
    const aac = planEdit({ duration: 10, video: null, audio: { codec: 'aac' } }, edit({ mode: 'smart', output: { filename: 'cut.wav' } }), 'in');
    expect(aac.steps.flat()).toContain('pcm_s16le');
  });

  it("lossless: a camera's PCM sound is cut by samples at the video's keyframe (its codec kept, nothing cut to packets); AAC is copied by packets", () => {
    const pcm = { ...facts(), audio: { codec: 'pcm_s24le' } };
    const plan = planEdit(pcm, edit({ mode: 'lossless', segments: [{ start: 3, end: 5 }], output: { filename: 'cut.mov' } }), 'in');
    const part = plan.steps.find((s) => s.includes('cut-a1.mka'));
    expect(part).toEqual(expect.arrayContaining(['-ss', '2', '-i', 'in', '-t', '3', '-c:a', 'pcm_s24le']));
    expect(plan.files['cut-audio-1.ffconcat']).not.toMatch(/outpoint/);
    const aac = planEdit(facts(), edit({ mode: 'lossless', segments: [{ start: 3, end: 5 }] }), 'in');
    expect(aac.steps.find((s) => s.includes('cut-a1.mka'))).toEqual(expect.arrayContaining(['-c:a', 'copy']));
    expect(aac.files['cut-audio-1.ffconcat']).toMatch(/outpoint 3/);
  });

  it("a lone segment's audio for an MP4 output: smart copies the source's packets in the join, reencode encodes AAC in its part and the join copies it; several segments' audio is encoded once in the join", () => {
    const one = planEdit(facts(), edit({ mode: 'smart', segments: [{ start: 1.04, end: 6.12 }] }), 'in');
    expect(one.steps).toHaveLength(4);
    expect(one.steps.slice(0, 3).flat()).not.toContain('0:a:0');
    expect(one.steps[3]).toEqual(expect.arrayContaining(['-ss', '1.04', '-t', '5.08', '-i', 'in', '-map', '1:a:0', '-c:a', 'copy']));
    expect(one.stages).toEqual([0, 0, 0, 1]);
    expect(one.files['cut-audio-1.ffconcat']).toBeUndefined();
    const encoded = planEdit(facts(), edit({ mode: 'reencode', segments: [{ start: 1.04, end: 6.12 }] }), 'in');
    expect(encoded.steps[1]).toEqual(expect.arrayContaining(['-t', '5.08', '-c:a', 'aac', '-b:a', '128k', '-f', 'mp4', 'cut-a1.m4a']));
    expect(encoded.steps[2]).toEqual(expect.arrayContaining(['-i', 'cut-a1.m4a', '-map', '1:a', '-c:a', 'copy']));
    const two = planEdit(
      facts(),
      edit({
        mode: 'smart',
        segments: [
          { start: 1, end: 2 },
          { start: 4, end: 5 },
        ],
      }),
      'in',
    );
    expect(two.steps.filter((s) => s.includes('flac'))).toHaveLength(2);
    expect(two.steps.at(-1)).toEqual(expect.arrayContaining(['-f', 'concat', '-i', 'cut-audio-1.ffconcat', '-c:a', 'aac']));
  });
});

describe('planEdit: the tracks an edit keeps (audio_tracks, subtitle_tracks)', () => {
  const game = { language: 'eng', title: 'Game' };
  const threeTracks = (): CutFacts => ({
    ...facts(),
    audio: { codec: 'aac', bitRate: 160_000, tracks: ['aac', 'aac', 'ac3'], trackBitRates: [160_000, 64_000, null], trackChannels: [1, 2, 6] },
    subtitles: [
      { codec: 'subrip', format: 'srt', ...game, events: [{ start: 1, end: 2, body: 'one' }] },
      { codec: 'subrip', format: 'srt', language: 'fra', events: [{ start: 1, end: 2, body: 'un' }] },
    ],
  });
  /** Every `-map` of a step reading the input (`in`) as its input n, in order. */
  const sourceMaps = (step: string[]) => {
    const n = step.filter((t, i) => t === '-i' && i < step.indexOf('in')).length - 1;
    return step.flatMap((t, i) => (t === '-map' && step[i + 1]!.startsWith(`${n}:a`) ? [step[i + 1]] : []));
  };

  it('every track by default; the named ones, in the order named, from every step that reads the input', () => {
    const all = planEdit(threeTracks(), edit({ mode: 'smart', segments: [{ start: 1.04, end: 6.12 }] }), 'in');
    expect(sourceMaps(all.steps.at(-1)!)).toEqual(['1:a:0', '1:a:1', '1:a:2']);
    const mic = planEdit(threeTracks(), edit({ mode: 'smart', segments: [{ start: 1.04, end: 6.12 }], audio_tracks: [2] }), 'in');
    expect(sourceMaps(mic.steps.at(-1)!)).toEqual(['1:a:1']);
    const lossless = planEdit(
      threeTracks(),
      edit({
        mode: 'lossless',
        join: false,
        audio_tracks: [3, 1],
        segments: [
          { start: 1, end: 2 },
          { start: 4, end: 5 },
        ],
      }),
      'in',
    );
    const audioParts = lossless.steps.filter((s) => s.includes('-vn') && s.includes('in'));
    expect(audioParts).toHaveLength(2);
    for (const part of audioParts) expect(sourceMaps(part)).toEqual(['0:a:2', '0:a:0']);
    // The joins read the parts, which hold just those tracks.
    const joins = lossless.steps.filter((s) => s.some((t) => t.startsWith('cut-audio-')));
    expect(joins).toHaveLength(2);
    for (const join of joins) expect(join).toEqual(expect.arrayContaining(['-map', '1:a', '-c:a', 'copy']));
  });

  it("a re-encoded sound matches the first kept track's bit rate", () => {
    const plan = planEdit(threeTracks(), edit({ mode: 'reencode', segments: [{ start: 1.04, end: 6.12 }], audio_tracks: [2] }), 'in');
    expect(plan.steps.find((s) => s.includes('cut-a1.m4a') && s.includes('-vn'))).toEqual(expect.arrayContaining(['-map', '0:a:1', '-b:a', '64k']));
  });

  it('[] keeps no sound; a sound-only output of no sound, a track the input lacks, two tracks for an .mp3 are refused naming audio_tracks', () => {
    const silent = planEdit(threeTracks(), edit({ mode: 'smart', audio_tracks: [] }), 'in');
    expect(silent.steps.flat().filter((t) => /:a/.test(t))).toEqual([]);
    const refused = (over: Record<string, unknown>, filename = 'cut.mp4') => {
      try {
        planEdit(threeTracks(), edit({ ...over, output: { filename } }), 'in');
      } catch (err) {
        return err instanceof PlanError ? [err.field, err.message] : err;
      }
      return 'planned';
    };
    expect(refused({ audio_tracks: [] }, 'cut.m4a')).toEqual([['audio_tracks'], 'A .m4a file holds sound only, and audio_tracks keeps none']);
    expect(refused({ audio_tracks: [1, 4] })).toEqual([['audio_tracks', 1], 'The input has 3 audio tracks, not 4']);
    expect(refused({ audio_tracks: [1, 2] }, 'cut.mp3')).toEqual([['audio_tracks'], expect.stringMatching(/^A \.mp3 file holds one audio track/)]);
    expect(refused({ audio_tracks: [2] }, 'cut.mp3')).toBe('planned');
    expect(refused({ subtitle_tracks: [3] })).toEqual([['subtitle_tracks', 0], 'The input has 2 subtitle tracks, not 3']);
  });

  it('mix_audio: the kept tracks summed into one, the widest first, encoded even by lossless; a one-track file takes the mix', () => {
    const mixed = planEdit(threeTracks(), edit({ mode: 'smart', segments: [{ start: 1.04, end: 6.12 }], audio_tracks: [1, 2], mix_audio: true }), 'in');
    const part = mixed.steps.find((s) => s.includes('-filter_complex'))!;
    expect(part).toEqual(expect.arrayContaining(['-filter_complex', '[0:a:1][0:a:0]amix=inputs=2:duration=longest:normalize=0[mix]', '-map', '[mix]']));
    expect(part).toEqual(expect.arrayContaining(['-c:a', 'aac']));
    // The join takes the mixed part, not the source's packets.
    expect(sourceMaps(mixed.steps.at(-1)!)).toEqual([]);
    const lossless = planEdit(threeTracks(), edit({ mode: 'lossless', mix_audio: true }), 'in');
    expect(lossless.steps.find((s) => s.includes('-filter_complex'))).toEqual(expect.arrayContaining(['-c:a', 'flac']));
    // Encoded like the widest track kept (the 6-channel AC-3), which MP4 holds.
    expect(lossless.steps.at(-1)).toEqual(expect.arrayContaining(['-c:a', 'ac3']));
    expect(lossless.steps.at(-1)).toEqual(expect.arrayContaining(['-c:v', 'copy']));
    const mp3 = planEdit(threeTracks(), edit({ mode: 'reencode', mix_audio: true, output: { filename: 'all.mp3' } }), 'in');
    expect(mp3.steps.find((s) => s.includes('-filter_complex'))).toContain('[0:a:2][0:a:1][0:a:0]amix=inputs=3:duration=longest:normalize=0[mix]');
    // One track kept: nothing to mix.
    const one = planEdit(threeTracks(), edit({ mode: 'smart', audio_tracks: [2], mix_audio: true }), 'in');
    expect(one.steps.flat()).not.toContain('-filter_complex');
  });

  it('subtitle tracks: the named ones only, each with its own language and title', () => {
    const plan = planEdit(threeTracks(), edit({ mode: 'smart', subtitle_tracks: [2], output: { filename: 'cut.mkv' } }), 'in');
    expect(Object.keys(plan.files).filter((f) => f.startsWith('cut-subs-'))).toEqual(['cut-subs-1-1.srt']);
    expect(plan.files['cut-subs-1-1.srt']).toContain('un');
    expect(plan.steps.at(-1)).toEqual(expect.arrayContaining(['-metadata:s:s:0', 'language=fra']));
    expect(plan.steps.at(-1)).not.toContain('title=Game');
    const none = planEdit(threeTracks(), edit({ mode: 'smart', subtitle_tracks: [], output: { filename: 'cut.mkv' } }), 'in');
    expect(Object.keys(none.files).filter((f) => f.startsWith('cut-subs-'))).toEqual([]);
  });
});

describe('planEdit: a picture subtitle on screen at an in point', () => {
  const bluray = (): CutFacts => ({
    ...facts(),
    subtitles: [{ codec: 'hdmv_pgs_subtitle', format: null, events: [], pictureStream: 2, packetTimes: [1, 2.5, 3, 4, 5.52, 7] }],
  });
  const filterOf = (plan: ReturnType<typeof planEdit>, i: number) => {
    const part = plan.steps.find((s) => s.includes(`cut-pics-1-${i}.mkv`))!;
    return part[part.indexOf('-bsf:s:0') + 1];
  };

  it('is kept, moved to the in point; none is kept where a packet is at the in point, or none came before', () => {
    const plan = planEdit(
      bluray(),
      edit({
        mode: 'smart',
        segments: [
          { start: 0.2, end: 0.8 },
          { start: 3.52, end: 5 },
          { start: 5.52, end: 6 },
        ],
        output: { filename: 'cut.mkv' },
      }),
      'in',
    );
    expect(filterOf(plan, 1)).toBe('noise=drop=lt(pts*tb\\,0.2)');
    // The part starts 10 s before 3.52 (at 0): the picture shown at 3.0 is moved to 3.52.
    expect(filterOf(plan, 2)).toBe('noise=drop=lt(pts*tb\\,3.52)*not(lt(abs(pts*tb-3)\\,0.002)),setts=ts=if(lt(abs(TS*TB-3)\\,0.002)\\,3.52/TB\\,TS)');
    expect(filterOf(plan, 3)).toBe('noise=drop=lt(pts*tb\\,5.52)');
  });
});

describe('output containers', () => {
  it("the contract's sound-only extensions (which the clip view reads) are the table's containers without video", () => {
    const soundOnly = OUTPUT_EXTENSIONS.filter((ext) => !hasVideo(containerOf(`x.${ext}`)!));
    expect([...soundOnly].sort()).toEqual([...SOUND_ONLY_EXTENSIONS].sort());
  });
});

describe('chooseMode: smart falls back, saying why', () => {
  it.each([
    [{ codec: 'mpeg2video' }, /mpeg2video/],
    [{ fieldOrder: 'tt' }, /field-coded/],
    [
      {
        packets: [
          { pts: 0.08, key: true },
          { pts: 0, key: false },
          { pts: 0.04, key: false },
        ],
      },
      /open GOP/,
    ],
  ])('%j', (over, reason) => {
    const chosen = chooseMode(facts(over), 'smart', MP4);
    expect(chosen.mode).toBe('reencode');
    expect(chosen.fallback).toMatch(reason);
  });
  it('a closed-GOP progressive H.264 source stays smart', () => expect(chooseMode(facts(), 'smart', MP4)).toEqual({ mode: 'smart' }));
  it('a closed-GOP H.265 source stays smart', () =>
    expect(chooseMode(facts({ codec: 'hevc', profile: 'Main', level: 93 }), 'smart', MP4)).toEqual({ mode: 'smart' }));
  it('H.265 smart: edges carry their parameter sets in-band, copied parts get the source ones back before keyframes, the output is hev1', () => {
    const plan = planEdit(facts({ codec: 'hevc', profile: 'Main', level: 93 }), edit({ mode: 'smart', segments: [{ start: 1.04, end: 6.12 }] }), 'in');
    const [head, copy, tail] = plan.steps;
    for (const edge of [head!, tail!]) {
      expect(edge).toEqual(expect.arrayContaining(['libx265', '-profile:v', 'main', '-tag:v', 'hev1']));
      expect(edge[edge.indexOf('-x265-params') + 1]).toBe('repeat-headers=1:log-level=error:level-idc=3.1');
    }
    expect(copy).toEqual(expect.arrayContaining(['-c', 'copy', '-bsf:v', 'hevc_mp4toannexb', '-tag:v', 'hev1']));
    expect(plan.steps.at(-1)).toEqual(expect.arrayContaining(['-c:v', 'copy', '-tag:v', 'hev1']));
  });
});

describe('facts', () => {
  it('reads ffprobe packet CSV (decode order, keyframe flags)', () => {
    expect(parsePacketCsv('0.000000,K_\n0.160000,__\nN/A,__\n0.080000,__\n')).toEqual([
      { pts: 0, key: true },
      { pts: 0.16, key: false },
      { pts: 0.08, key: false },
    ]);
  });
  it('closed GOPs with B-frames are not open GOPs', () => expect(hasOpenGop(packets25(6))).toBe(false));
});

describe('packets read around the segments', () => {
  it('one window per segment, from just before its start to 5 s past its end, in time order, overlapping ones merged', () => {
    expect(
      packetWindows([
        { start: 40, end: 50 },
        { start: 1, end: 3 },
        { start: 6, end: 9 },
      ]),
    ).toEqual([
      { from: 0.99, to: 14 },
      { from: 39.99, to: 55 },
    ]);
  });

  it('a plan on windowed packets asks for every packet when the frame after a segment is not in its window', () => {
    // Frames every 0.04 s up to 4 s, then none (a still until the end at 20 s); the window read is 1..8 s.
    const packets = packets25(10).filter((p) => p.pts < 4);
    const windowed = (to: number): CutFacts => ({ ...facts({ packets: packets.filter((p) => p.pts < to) }), duration: 20, windows: [{ from: 0.99, to }] });
    expect(() => planEdit(windowed(8), edit({ segments: [{ start: 1, end: 3.96 + 0.04 }] }), 'in')).toThrow(NeedsEveryPacket);
    // The window reaching the source's end, or the frame after the end inside it: planned as is.
    expect(() => planEdit(windowed(20), edit({ segments: [{ start: 1, end: 4 }] }), 'in')).not.toThrow();
    expect(() => planEdit(windowed(8), edit({ segments: [{ start: 1, end: 3 }] }), 'in')).not.toThrow();
  });
});

describe('segmentFileName', () => {
  it.each([
    ['cut.mp4', undefined, 0, 'cut-1.mp4'],
    ['cut.mp4', 'Scène 2 / take', 1, 'cut-Sc-ne-2-take-2.mp4'],
    ['a.b.mkv', '...', 2, 'a.b-3.mkv'],
  ])('%s + %s', (file, name, i, expected) => expect(segmentFileName(file, name, i)).toBe(expected));
});

describe('planEdit: a copy the output cannot hold', () => {
  it('names the extensions that hold the input as it is', () => {
    const mjpeg = { ...facts({ codec: 'mjpeg' }), audio: { codec: 'pcm_s16le' } };
    expect(() => planEdit(mjpeg, edit({ mode: 'lossless' }), 'in')).toThrow(/mjpeg video, which a \.mp4 file cannot hold: cut to \.mkv, \.mov, \.avi/);
    expect(() => planEdit(facts(), edit({ mode: 'lossless', output: { filename: 'cut.mp3' } }), 'in')).toThrow(
      /aac audio, which a \.mp3 file cannot hold: cut to \.mka, \.m4a, \.aac/,
    );
  });
});
