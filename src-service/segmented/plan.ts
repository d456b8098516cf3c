/**
 * A segmented encode as a plan (docs/scale-out.md, "Segmented encodes"): a pure function from
 * the input's facts (keyframe times, duration, whether it has audio), the command's tokens and
 * the segment length to ordinary ffmpeg steps. The job engine runs them; nothing here runs.
 */

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
}

/**
 * Cut points: the first keyframe at or after each multiple of `segmentSeconds` past the last
 * cut. A segment never starts at a non-key frame, so each piece decodes on its own.
 */
export function planBounds(facts: Pick<SegmentFacts, 'keyframes' | 'duration'>, segmentSeconds: number): SegmentBounds[] {
  const starts = [facts.keyframes[0] ?? 0];
  for (const k of facts.keyframes) if (k >= starts[starts.length - 1]! + segmentSeconds - EPSILON && k < facts.duration - EPSILON) starts.push(k);
  return starts.map((start, index) => ({ index, start, end: starts[index + 1] ?? facts.duration }));
}

const EPSILON = 1e-6;

/** Output-container options: they belong to the final join, not to the pieces. */
const MUXER_OPTIONS = new Set(['-f', '-movflags', '-brand', '-write_tmcd']);

export const encodedName = (i: number) => `seg_enc_${String(i).padStart(5, '0')}.mov`;
export const AUDIO_NAME = 'seg_audio.mka';
export const LIST_NAME = 'seg_list.txt';

/**
 * `tokens` are the command with its aliases already replaced by file names: `input` is the
 * one input, the last token the one output (ffmpeg-args/segmented-eligibility.ts guarantees both).
 */
export function planSegmented(facts: SegmentFacts, tokens: string[], input: string, segmentSeconds: number): SegmentedPlan {
  const segments = planBounds(facts, segmentSeconds);
  const output = tokens[tokens.length - 1]!;
  const { encoder, muxer } = splitOptions(tokens.slice(0, -1));
  // Input seeking from each cut's keyframe (accurate seek): open-GOP leading frames (HEVC CRA) are decoded from the whole input, not lost at a stream-copy cut.
  const encodes = segments.map((s, i) => {
    const range = ['-ss', s.start.toFixed(6), ...(i < segments.length - 1 ? ['-to', s.end.toFixed(6)] : [])];
    const tokens = encoder.flatMap((t, k) => (t === '-i' && encoder[k + 1] === input ? [...range, t] : [t]));
    return [...tokens, '-an', '-sn', '-dn', encodedName(s.index)];
  });
  const audio = facts.hasAudio ? [...encoder, '-vn', '-sn', '-dn', AUDIO_NAME] : null;
  const join = ['-f', 'concat', '-safe', '0', '-i', LIST_NAME];
  if (audio) join.push('-i', AUDIO_NAME, '-map', '0:v', '-map', '1:a');
  join.push('-c', 'copy', ...muxer, output);
  // Each piece's length is stated: the next piece starts exactly at the cut, not where the piece's last frame is guessed to end (VFR).
  const list = segments
    .map((s, i) => `file '${encodedName(s.index)}'\n${i < segments.length - 1 ? `duration ${(s.end - s.start).toFixed(6)}\n` : ''}`)
    .join('');
  return { segments, encodes, audio, join, files: { [LIST_NAME]: list } };
}

function splitOptions(tokens: string[]): { encoder: string[]; muxer: string[] } {
  const encoder: string[] = [];
  const muxer: string[] = [];
  const lastInput = tokens.lastIndexOf('-i');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (i > lastInput + 1 && MUXER_OPTIONS.has(t) && i + 1 < tokens.length) {
      muxer.push(t, tokens[i + 1]!);
      i++;
    } else encoder.push(t);
  }
  return { encoder, muxer };
}
