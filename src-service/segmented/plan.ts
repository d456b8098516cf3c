/**
 * A segmented encode as a plan (docs/scale-out.md, "Segmented encodes"): a pure function from
 * the input's facts (keyframe times, duration, whether it has audio), the command's tokens and
 * the segment length to ordinary ffmpeg steps. The job engine runs them; nothing here runs.
 */
import { mp4FamilyExt } from '../ffmpeg-args/mp4-family';

export interface SegmentBounds {
  index: number;
  /** Seconds of input at a keyframe; the first is the input's start. */
  start: number;
  end: number;
}

export interface SegmentFacts {
  keyframes: number[];
  duration: number;
  hasAudio: boolean;
  /** The input's audio tracks kept, for input ranges: indices among its audio streams, in output order (default the first). */
  audioTracks?: readonly number[];
  /** Those tracks (two or more) mixed into one (an edit's mix_audio). */
  mixAudio?: boolean;
  /** How much later than a piece's start its input seek aims (facts/stream-facts.ts seekLeadOf); 0 or absent for MP4/MOV. */
  seekLead?: number;
}

/** More streams for the join to mux in (an edit's subtitle tracks): the files the plan writes, their inputs and their maps. */
export interface JoinExtras {
  files: Record<string, string>;
  inputs: string[];
  /** Output options: `-map` of each input by its number (after the pieces' list and the audio piece), codec, metadata. */
  maps: string[];
}

/**
 * A part of the input to encode, in seconds of the input (an edit's kept segment: edits/segmented-edit.ts).
 * Its start and end are frame times: each is read from a hair before it, so the frame there is the
 * first one in and the frame at the end the first one out, whatever the rounding of the times.
 */
export interface InputRange {
  start: number;
  end: number;
}

export interface SegmentedPlan {
  segments: SegmentBounds[];
  /** One encode per segment: the command's own arguments, video only, the input read from the segment's keyframe to the next cut. */
  encodes: string[][];
  /** The command's own arguments on the whole input, audio only; null without audio. */
  audio: string[] | null;
  /** The concat demuxer joins the encoded pieces (stream copy) and muxes the audio in. */
  join: string[];
  /** Files the steps read that the plan writes (the concat list). */
  files: Record<string, string>;
  /** The index of the first piece of the fine tail (see planBounds); the segment count when there is none. */
  tailFrom: number;
}

/**
 * Cut points: the first keyframe at or after each multiple of `segmentSeconds` past the last
 * cut. A segment never starts at a non-key frame, so each piece decodes on its own.
 *
 * With `fineTail` the last segment is cut again in halves, each at the first keyframe at or after
 * the middle of what is left, down to one keyframe interval (a 10 s tail with 2 s GOPs: 6 + 2 + 2).
 * The lanes take pieces in order (queueOrder), so the last pieces taken are the shortest and the
 * lanes end close together instead of one waiting on another's whole last segment
 * (docs/scale-out.md, "Balanced lanes").
 */
export function planBounds(
  facts: Pick<SegmentFacts, 'keyframes' | 'duration'>,
  segmentSeconds: number,
  range?: InputRange,
  o: { fineTail?: boolean } = {},
): SegmentBounds[] {
  const first = range?.start ?? facts.keyframes[0] ?? 0;
  const last = range?.end ?? facts.duration;
  const inside = facts.keyframes.filter((k) => k > first + EPSILON && k < last - EPSILON);
  const starts = [first];
  const nextAtOrAfter = (t: number) => inside.find((k) => k >= t - EPSILON && k > starts.at(-1)!);
  for (let k = nextAtOrAfter(first + segmentSeconds); k !== undefined; k = nextAtOrAfter(k + segmentSeconds)) starts.push(k);
  if (o.fineTail)
    for (let k = nextAtOrAfter((starts.at(-1)! + last) / 2); k !== undefined && last - k >= MIN_TAIL_PIECE; k = nextAtOrAfter((k + last) / 2)) starts.push(k);
  return starts.map((start, index) => ({ index, start, end: starts[index + 1] ?? last }));
}

const EPSILON = 1e-6;
/** A tail piece shorter than this is not worth its own ffmpeg start. */
const MIN_TAIL_PIECE = 1;
/** How far before a range's frame time it is read (ranges only; below any frame interval). */
const RANGE_LEAD = 0.0005;
/** How far past its keyframe a piece starting on one aims its seek: past any index rounding, short of the next frame at 240 fps. */
const KEY_PAST = 0.002;

/** Output-container options: they belong to the final join, not to the pieces. */
const MUXER_OPTIONS = new Set(['-f', '-movflags', '-brand', '-write_tmcd']);
/**
 * Options for both: a track timescale must hold the pieces' frame times exactly, and the join
 * keeps it (without it the MP4 muxer doubles a copied 1/1000 time base up to 1/16000).
 */
const BOTH_OPTIONS = new Set(['-video_track_timescale']);

export const encodedName = (i: number) => `seg_enc_${String(i).padStart(5, '0')}.mov`;
/**
 * The audio piece: in the output's own container when that is MP4/MOV (the audio must fit it
 * anyway), so the encoder delay (AAC priming) stays in its edit list and the join copies it;
 * Matroska otherwise.
 */
export const audioNameFor = (output: string) => {
  const ext = mp4FamilyExt(output);
  return ext ? `seg_audio.${ext === 'm4v' ? 'mp4' : ext}` : 'seg_audio.mka';
};
export const LIST_NAME = 'seg_list.txt';

/**
 * `tokens` are the command with its aliases already replaced by file names: `input` is the
 * one input, the last token the one output (ffmpeg-args/segmented-eligibility.ts guarantees both).
 * With `ranges` only those parts of the input are encoded, in that order (an edit's kept
 * segments): each range is cut at keyframes on its own, and the audio is the ranges' audio joined.
 */
export function planSegmented(
  facts: SegmentFacts,
  tokens: string[],
  input: string,
  segmentSeconds: number,
  ranges?: InputRange[],
  extra?: JoinExtras,
): SegmentedPlan {
  const parts = ranges ?? [undefined];
  const segments = parts.flatMap((r, i) => planBounds(facts, segmentSeconds, r, { fineTail: i === parts.length - 1 })).map((s, index) => ({ ...s, index }));
  // The tail is the last segment as planned without it, cut again: it starts where that segment did.
  const lastCut = planBounds(facts, segmentSeconds, parts.at(-1)).at(-1)!.start;
  const tailFrom = segments.length > 1 && segments.at(-1)!.start > lastCut ? segments.findLastIndex((s) => s.start === lastCut) : segments.length;
  const output = tokens[tokens.length - 1]!;
  const audioName = audioNameFor(output);
  const { encoder, muxer } = splitOptions(tokens.slice(0, -1));
  const from = (t: number) => (ranges ? Math.max(0, t - RANGE_LEAD) : t);
  const at = (t: number) => from(t).toFixed(6);
  // Input seeking from each cut's keyframe (accurate seek): open-GOP leading frames (HEVC CRA) are decoded from the whole input, not lost at a stream-copy cut.
  // Where ffmpeg would aim a seek 3/23 s early (B-frames outside MP4/MOV), the piece aims that much
  // later, and a piece starting on a keyframe KEY_PAST more (an MP4 may index a keyframe up to a
  // millisecond after its time); -itsoffset takes it back out of its times. It lands on its own
  // keyframe, not one GOP early with that whole GOP decoded for nothing (docs/scale-out.md,
  // "Segmented encodes"). A range's first piece starting between keyframes gets no KEY_PAST: an
  // MP4 may index the keyframe after it a frame early, and aiming past that would skip its GOP.
  const onKeyframe = (t: number) => facts.keyframes.some((k) => Math.abs(k - t) <= EPSILON);
  const encodes = segments.map((s, i) => {
    const lead = (facts.seekLead ?? 0) + (onKeyframe(s.start) ? KEY_PAST : 0);
    const videoAt = (t: number) => (from(t) + lead).toFixed(6);
    const range = [
      '-ss',
      videoAt(s.start),
      ...(lead > 0 ? ['-itsoffset', lead.toFixed(6)] : []),
      ...(ranges || i < segments.length - 1 ? ['-to', videoAt(s.end)] : []),
    ];
    return [...withInputOptions(encoder, input, range), '-an', '-sn', '-dn', encodedName(s.index)];
  });
  const audio = !facts.hasAudio
    ? null
    : ranges
      ? rangesAudio(
          encoder,
          input,
          ranges.map((r) => ['-ss', at(r.start), '-to', at(r.end)]),
          audioName,
          facts.audioTracks ?? [0],
          facts.mixAudio === true,
        )
      : [...encoder, '-vn', '-sn', '-dn', audioName];
  // Each piece starts at zero; where the whole input's video starts after its audio (an MPEG-TS: by
  // the B-frames' delay), the joined video is moved back to where it started.
  const delay = !ranges && (segments[0]?.start ?? 0) > 0 ? ['-itsoffset', (segments[0] as SegmentBounds).start.toFixed(6)] : [];
  const join = [...delay, '-f', 'concat', '-safe', '0', '-i', LIST_NAME];
  if (audio) join.push('-i', audioName);
  if (extra) join.push(...extra.inputs);
  if (audio || extra) join.push('-map', '0:v', ...(audio ? ['-map', '1:a'] : []));
  join.push('-c', 'copy', ...(extra?.maps ?? []), ...muxer, output);
  // Each piece's length is stated: the next piece starts exactly at the cut, not where the piece's last frame is guessed to end (VFR).
  const list = segments
    .map((s, i) => `file '${encodedName(s.index)}'\n${i < segments.length - 1 ? `duration ${(s.end - s.start).toFixed(6)}\n` : ''}`)
    .join('');
  return { segments, encodes, audio, join, files: { ...extra?.files, [LIST_NAME]: list }, tailFrom };
}

/**
 * The order a plan's pieces are taken in, by local lanes and by the queue of scale-out workers
 * alike: the full-length segments, the audio, then the fine tail, longest to shortest. Whatever
 * lane frees up last finds only short pieces left (docs/scale-out.md, "Balanced lanes").
 */
export function queueOrder(plan: Pick<SegmentedPlan, 'segments' | 'audio' | 'tailFrom'>): (number | 'audio')[] {
  const video = plan.segments.map((s) => s.index);
  const tailFrom = plan.tailFrom ?? video.length; // a plan saved before the fine tail existed has none
  return [...video.slice(0, tailFrom), ...(plan.audio ? (['audio'] as const) : []), ...video.slice(tailFrom)];
}

/** The command's tokens with `options` put before its `-i <input>`. */
const withInputOptions = (encoder: string[], input: string, options: string[]) =>
  encoder.flatMap((t, k) => (t === '-i' && encoder[k + 1] === input ? [...options, t] : [t]));

/**
 * The ranges' audio, encoded once: the input opened once per range (each read from its start to its
 * end), the pieces joined sample-exact by the `concat` filter (every audio track, each joined on
 * its own), the command's output options (its `-map`s aside) applied to the result.
 */
function rangesAudio(encoder: string[], input: string, reads: string[][], name: string, tracks: readonly number[], mix: boolean): string[] {
  const at = encoder.findIndex((t, k) => t === '-i' && encoder[k + 1] === input);
  const before = encoder.slice(0, at);
  const after = encoder.slice(at + 2).filter((t, k, all) => t !== '-map' && all[k - 1] !== '-map');
  if (reads.length === 1) {
    const audio = mix
      ? [
          '-filter_complex',
          mixFilter(
            tracks.map((t) => `[0:a:${t}]`),
            'mix',
          ),
          '-map',
          '[mix]',
        ]
      : tracks.flatMap((t) => ['-map', `0:a:${t}`]);
    return [...before, ...reads[0]!, '-i', input, ...audio, ...after, '-vn', '-sn', '-dn', name];
  }
  const joined = tracks.map((_, k) => `[a${k}]`);
  const concat = `${reads.map((_, i) => tracks.map((t) => `[${i}:a:${t}]`).join('')).join('')}concat=n=${reads.length}:v=0:a=${tracks.length}${joined.join('')}`;
  const graph = mix ? `${concat};${mixFilter(joined, 'mix')}` : concat;
  const maps = mix ? ['-map', '[mix]'] : joined.flatMap((l) => ['-map', l]);
  return [...before, ...reads.flatMap((r) => [...r, '-i', input]), '-filter_complex', graph, ...maps, ...after, '-vn', '-sn', '-dn', name];
}

/** Audio streams `inputs` (filter labels) summed into `[out]`, each at its own level (amix without its 1/n scaling), as long as the longest. */
export const mixFilter = (inputs: readonly string[], out: string): string =>
  `${inputs.join('')}amix=inputs=${inputs.length}:duration=longest:normalize=0[${out}]`;

function splitOptions(tokens: string[]): { encoder: string[]; muxer: string[] } {
  const encoder: string[] = [];
  const muxer: string[] = [];
  const lastInput = tokens.lastIndexOf('-i');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (i > lastInput + 1 && (MUXER_OPTIONS.has(t) || BOTH_OPTIONS.has(t)) && i + 1 < tokens.length) {
      muxer.push(t, tokens[i + 1]!);
      if (BOTH_OPTIONS.has(t)) encoder.push(t, tokens[i + 1]!);
      i++;
    } else encoder.push(t);
  }
  return { encoder, muxer };
}
