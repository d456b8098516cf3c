import { sampleExactCodecOf, type EditBody, type EditMode, type EditResult } from '../contract/edits.schema';
import { decodeLead, hasOpenGop, windowMissesEnd, type CutFacts } from './facts';
import { pictureJoinArgs, copiedPartArgs, finalAudioArgs, reencodeVideoArgs, sizeFilters, smartEdgeArgs } from './encoder-args';
import { smartCopyRefusal } from '../facts/smart-source';
import {
  containerOf,
  extensionsHolding,
  hasAudio,
  hasVideo,
  holdsAudio,
  holdsVideo,
  isEncodedPicture,
  videoCodecFor,
  type OutputContainer,
} from './output-container';
import { mp4FamilyExt, timescaleArgs, timescaleOf } from '../ffmpeg-args/mp4-family';
import { mixFilter } from '../segmented/plan';
import { noSuchTrack } from '../media/tracks';
import { PICTURE_SEEK_MARGIN, writeCut, type CutSpan, type SubtitleTrack } from './subtitles';
import {
  FRAME_TOLERANCE_SECONDS,
  PlanError,
  frameRange,
  frameRateOf,
  losslessCut,
  reencodeCut,
  smartCut,
  timelineOf,
  type SegmentCut,
  type VideoPart,
} from './plan-segments';

export { PlanError };

/** The packets read around a segment miss a frame it needs: read them all and plan again (run-edit.ts). */
export class NeedsEveryPacket extends Error {}

/**
 * A cut as ordinary steps (docs/cutting.md; conventions "Editing features"): a pure function
 * of the input's facts and the edit. Every segment becomes video parts (copied GOPs or
 * re-encoded frames, each an MP4 holding the source's time base) and one exact audio part;
 * concat lists join them, and one last step per output muxes video (copied) and audio.
 */
export interface EditPlan {
  /** ffmpeg arguments per step, paths relative to the job folder. */
  steps: string[][];
  /** Each step's stage: the steps of one stage are independent (run at once, cores allowing); a stage starts once the one before has ended. */
  stages: number[];
  /** Files to write into the job folder before the steps (the concat lists). */
  files: Record<string, string>;
  /** Output alias to file name. */
  outputs: Record<string, string>;
  result: EditResult;
}

type Strategy = 'copy' | 'smart' | 'encode';

export function planEdit(inputFacts: CutFacts, edit: EditBody, input: string): EditPlan {
  const container = containerOf(edit.output.filename);
  if (!container) throw new PlanError(['output', 'filename'], `${edit.output.filename}: not a format FFDesk cuts to`);
  const { facts, sourceAudio, mix } = keptStreams(inputFacts, container, edit);
  const { mode, fallback } = chooseMode(facts, edit.mode, container, mix);
  const tl = timelineOf(facts);
  const strategy: Strategy = mode === 'lossless' ? 'copy' : mode === 'smart' ? 'smart' : 'encode';
  const cuts = edit.segments.map((s, i) => cutOne(facts, tl, strategy, s.start, s.end, i)).map((c) => (container.isImage ? firstFrameOf(c) : c));
  const ctx: Ctx = {
    facts,
    edit,
    input,
    strategy,
    container,
    inputHasVideo: inputFacts.video !== null,
    sourceAudio,
    mix,
    losslessSound: strategy === 'copy' && !mix ? sampleExactCodecOf(audioTracks(facts)) : undefined,
    // Read only where it is used: a GIF's max_fps (frameRateOf sorts every gap between frames).
    sourceFps: container.isGif && edit.output.max_fps !== undefined ? frameRateOf(tl) : undefined,
    parts: [],
    joins: [],
    files: {},
  };
  const outputs: Record<string, string> = {};
  const groups = edit.join ? [cuts.map((c, i) => ({ cut: c, index: i }))] : cuts.map((c, i) => [{ cut: c, index: i }]);
  groups.forEach((group, g) => {
    const name = edit.join ? edit.output.filename : segmentOutputName(edit, g);
    outputs[`out_${g + 1}`] = name;
    addGroup(ctx, group, g + 1, name);
  });
  const notes = [...subtitleNotes(facts, container, edit), ...shortEndNotes(cuts), ...dataEndNotes(cuts, edit, facts.duration)];
  const result: EditResult = {
    mode: edit.mode,
    mode_used: mode,
    ...(fallback ? { fallback_reason: fallback } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    segments: cuts.map((c, i) => ({
      ...(edit.segments[i]?.name ? { name: edit.segments[i]?.name } : {}),
      start: edit.segments[i]!.start,
      end: edit.segments[i]!.end,
      actual_start: round6(c.actualStart),
      actual_end: round6(c.actualEnd),
      ...(edit.join ? {} : { output: `out_${i + 1}` }),
    })),
  };
  const steps = [...ctx.parts, ...ctx.joins];
  return { steps, stages: steps.map((_, i) => (i < ctx.parts.length ? 0 : 1)), files: ctx.files, outputs, result };
}

/**
 * A lossless cut that could not keep the last frames before a segment's end says so (docs/cutting.md,
 * "The modes"): they are B-frames shown before a frame decoded after the end, which a copy cannot
 * leave out without leaving them undecodable. The record's actual_end says it too, but the editor
 * reads the notes.
 */
function shortEndNotes(cuts: readonly SegmentCut[]): string[] {
  return cuts.flatMap((c, i) => {
    const n = c.framesShortAtEnd ?? 0;
    if (n === 0) return [];
    return [
      `${cutLabel(cuts, i)} ends ${n === 1 ? 'one frame' : `${n} frames`} before its out point: a copy keeps whole runs of frames, and those need a later one (B-frames); smart is exact`,
    ];
  });
}

/**
 * The input's streams the output keeps (docs/cutting.md, "Output formats", "Choosing tracks"): the
 * first video stream, the audio tracks `kept` (keptAudio) and the subtitle tracks the edit names
 * (every one when it names none); a sound-only container drops the video, a GIF or an image the
 * audio; an output left with nothing to hold is refused.
 */
export function keptStreams(facts: CutFacts, c: OutputContainer, edit: EditBody): { facts: CutFacts; sourceAudio: number[]; mix: boolean } {
  const asked = keptAudio(facts, c, edit);
  // Two tracks or more are mixed (mix_audio); one has nothing to mix with.
  const mix = edit.mix_audio === true && asked.length > 1;
  // Mixed, the widest track goes first: amix takes the first input's channel layout (a stereo game
  // and a mono microphone mix to stereo, not mono). One track comes out, so the order says nothing else.
  const channels = facts.audio?.trackChannels ?? [];
  const kept = mix ? [...asked].sort((x, y) => (channels[y] ?? 0) - (channels[x] ?? 0)) : asked;
  const video = hasVideo(c) ? facts.video : null;
  const a = facts.audio;
  const codecs = a?.tracks ?? [a?.codec ?? ''];
  const rates = a?.trackBitRates ?? [a?.bitRate ?? null];
  const audio =
    a && kept.length > 0
      ? {
          codec: codecs[kept[0]!]!,
          bitRate: rates[kept[0]!] ?? undefined,
          tracks: kept.map((t) => codecs[t]!),
          trackBitRates: kept.map((t) => rates[t] ?? null),
        }
      : null;
  if (!video && !audio && a && !hasVideo(c)) throw new PlanError(['audio_tracks'], `A .${c.ext} file holds sound only, and audio_tracks keeps none`);
  if (!video && !audio)
    throw new PlanError(
      ['output', 'filename'],
      `A .${c.ext} file holds ${hasVideo(c) ? 'video' : 'sound'} only, and the input has ${hasVideo(c) ? 'no video' : 'no audio'}`,
    );
  const subtitles = facts.subtitles || edit.subtitle_tracks ? { subtitles: keptSubtitleTracks(facts.subtitles ?? [], edit) } : {};
  return { facts: { ...facts, video, audio, ...subtitles }, sourceAudio: kept, mix };
}

/**
 * The input's audio tracks the output keeps, as indices among its audio streams (`-map 0:a:<i>`),
 * in the order the edit names them (docs/cutting.md, "Choosing tracks"). By default every track (a
 * camera's separate channels, a film's languages, a recording's game and microphone), as LosslessCut
 * does; a container holding one (.mp3, .wav …) keeps the first. A track the input lacks, or two
 * tracks for a container holding one, fail the plan naming `audio_tracks`.
 */
function keptAudio(facts: Pick<CutFacts, 'audio'>, c: OutputContainer, edit: Pick<EditBody, 'audio_tracks' | 'mix_audio'>): number[] {
  const count = facts.audio ? (facts.audio.tracks?.length ?? 1) : 0;
  const asked = edit.audio_tracks;
  asked?.forEach((t, k) => {
    if (t > count) throw new PlanError(['audio_tracks', k], noSuchTrack('input', 'audio', count, t));
  });
  if (!hasAudio(c) || count === 0) return [];
  if (!asked) return c.isSingleAudio && !edit.mix_audio ? [0] : Array.from({ length: count }, (_, t) => t);
  if (c.isSingleAudio && asked.length > 1 && !edit.mix_audio)
    throw new PlanError(['audio_tracks'], `A .${c.ext} file holds one audio track: name one in audio_tracks, or cut to .m4a or .mka to keep ${asked.length}`);
  return asked.map((t) => t - 1);
}

/** The subtitle tracks `subtitle_tracks` names (1-based, in the input's order), every one when absent; a track the input lacks fails the plan. */
function keptSubtitleTracks(tracks: SubtitleTrack[], edit: Pick<EditBody, 'subtitle_tracks'>): SubtitleTrack[] {
  const asked = edit.subtitle_tracks;
  if (!asked) return tracks;
  asked.forEach((t, k) => {
    if (t > tracks.length) throw new PlanError(['subtitle_tracks', k], noSuchTrack('input', 'subtitle', tracks.length, t));
  });
  return tracks.filter((_, k) => asked.includes(k + 1));
}

/**
 * The kept audio tracks of the input read as input `n`, mixed into one (mix_audio): summed, each
 * at its own level (amix without its 1/n scaling), as long as the longest.
 */
const mixedAudio = (kept: readonly number[], n: number): string[] => [
  '-filter_complex',
  mixFilter(
    kept.map((t) => `[${n}:a:${t}]`),
    'mix',
  ),
  '-map',
  '[mix]',
];

/** `-map`s of the kept audio tracks (keptAudio) of the input read as input `n`; a step reading a part maps `n:a`, which holds just those. */
export const sourceAudioMaps = (kept: readonly number[], n: number): string[] => kept.flatMap((t) => ['-map', `${n}:a:${t}`]);

/** The subtitle tracks the output keeps: read as text, into a container that holds subtitles (docs/cutting.md, "Subtitles"). */
const keptSubtitles = (facts: CutFacts, c: OutputContainer): SubtitleTrack[] =>
  c.subtitles && facts.video ? (facts.subtitles ?? []).filter((t) => t.format !== null && !t.skipped) : [];

/**
 * The picture-based subtitle tracks the output keeps (PGS, DVD, DVB): Matroska holds them as they
 * are, so their packets are copied, cut at each segment's edges (pictureSubtitles). A segmented
 * re-encode's join has no step to cut them in, so it leaves them out and says so.
 */
const keptPictures = (facts: CutFacts, c: OutputContainer, edit: EditBody): SubtitleTrack[] =>
  keepsPictures(c, edit) && facts.video ? (facts.subtitles ?? []).filter((t) => t.pictureStream !== undefined) : [];

/** Whether the output keeps picture-based subtitle tracks (keptPictures): then the facts read their packets around each in point (run-edit.ts). */
export const keepsPictures = (c: OutputContainer, edit: Pick<EditBody, 'segmented'>): boolean => c.ext === 'mkv' && !edit.segmented;

/** What the record says of subtitle tracks the output leaves out; a sound-only, GIF or image output leaves them out without a word. */
function subtitleNotes(facts: CutFacts, c: OutputContainer, edit: EditBody): string[] {
  const tracks = facts.subtitles ?? [];
  if (tracks.length === 0 || !facts.video) return [];
  if (!c.subtitles) {
    const n = tracks.length;
    return [`A .${c.ext} file holds no subtitles: ${n} subtitle track${n > 1 ? 's' : ''} left out (cut to .mkv or .mp4 to keep ${n > 1 ? 'them' : 'it'})`];
  }
  const pictures = new Set(keptPictures(facts, c, edit));
  return tracks.flatMap((t) => {
    if (t.skipped) return [t.skipped];
    if (t.pictureStream === undefined || pictures.has(t)) return [];
    const what = `subtitle track ${t.pictureStream} (${t.codec}) is made of pictures`;
    return [c.ext === 'mkv' ? `${what}, which a segmented re-encode leaves out` : `${what}, which only a .mkv file keeps (cut to .mkv to keep it)`];
  });
}

/** The codecs of the audio tracks the output keeps (keptStreams). */
const audioTracks = (facts: CutFacts): string[] => (facts.audio ? (facts.audio.tracks ?? [facts.audio.codec]) : []);

/** An image holds a segment's first frame: only that frame is encoded, and the record says so. */
function firstFrameOf(cut: SegmentCut): SegmentCut {
  const first = cut.video[0];
  if (!first) return cut;
  return { actualStart: cut.actualStart, actualEnd: cut.actualStart + first.firstGap, video: [{ ...first, frames: 1, duration: first.firstGap }] };
}

/**
 * Smart falls back to reencode where copying GOPs cannot be made exact here, or the output
 * cannot hold them (docs/cutting.md, "Fallbacks"). Lossless only copies: a stream the output
 * cannot hold fails the plan, naming the output's file name.
 */
export function chooseMode(facts: CutFacts, asked: EditMode, c: OutputContainer, mixesAudio = false): { mode: EditMode; fallback?: string } {
  const v = facts.video;
  if (asked === 'lossless') {
    // Mixed sound is encoded (mix_audio): only the video is copied as it is.
    const audioRefused = mixesAudio ? undefined : audioTracks(facts).find((t) => !holdsAudio(c, t));
    const refused = v && !holdsVideo(c, v.codec) ? `${v.codec} video` : audioRefused ? `${audioRefused} audio` : null;
    if (refused)
      throw new PlanError(
        ['output', 'filename'],
        `lossless copies the input's ${refused}, which a .${c.ext} file cannot hold: cut to ${extensionsHolding(v?.codec ?? null, facts.audio?.codec ?? null)}, or choose smart or reencode`,
      );
    return { mode: asked };
  }
  if (asked !== 'smart') return { mode: asked };
  if (!v)
    return {
      mode: 'reencode',
      fallback: `${hasVideo(c) ? 'The input has no video' : `A .${c.ext} file holds no video`}: its audio is cut by samples and re-encoded`,
    };
  if (c.isGif) return { mode: 'reencode', fallback: 'A GIF is encoded whole: nothing of the source can be copied into it' };
  if (c.isImage) return { mode: 'reencode', fallback: `A .${c.ext} image holds the cut's first frame, encoded` };
  if (!holdsVideo(c, v.codec))
    return {
      mode: 'reencode',
      fallback: `A .${c.ext} file cannot hold the input's ${v.codec} video: it is re-encoded whole as ${videoCodecFor(c, undefined) ?? 'h264'}`,
    };
  const refusal = smartCopyRefusal({ codec: v.codec, fieldOrder: v.fieldOrder, hasOpenGop: hasOpenGop(v.packets) });
  return refusal ? { mode: 'reencode', fallback: refusal } : { mode: 'smart' };
}

function cutOne(facts: CutFacts, tl: ReturnType<typeof timelineOf>, strategy: Strategy, start: number, end: number, i: number): SegmentCut {
  if (start >= facts.duration) throw new PlanError(['segments', i, 'start'], `Start ${start} s is past the input's end (${facts.duration} s)`);
  if (end > facts.duration + FRAME_TOLERANCE_SECONDS) throw new PlanError(['segments', i, 'end'], `End ${end} s is past the input's end (${facts.duration} s)`);
  if (!tl) {
    if (!facts.video) return { actualStart: start, actualEnd: end, video: [] };
    // A picture with no frame read: around the segment, read every packet; in the whole file, the file is cut off or damaged.
    if (facts.windows) throw new NeedsEveryPacket(`segment ${i}: no video packet read around it`);
    throw new PlanError(['segments', i, 'start'], `No frame of the input's video can be read, though its header says ${facts.duration} s: ${CUT_OFF}`);
  }
  if (windowMissesEnd(facts, tl.times, start, end)) throw new NeedsEveryPacket(`segment ${i}: the packets read around it stop short`);
  // Where the frames read stop is where the file's stop when every packet was read, or the segment's window reaches the end.
  const readToEnd = !facts.windows || facts.windows.some((w) => start >= w.from && end <= w.to && w.to >= facts.duration);
  const cutOff = readToEnd && facts.duration - tl.end > CUT_OFF_SECONDS;
  if (cutOff && start >= tl.end - FRAME_TOLERANCE_SECONDS)
    throw new PlanError(
      ['segments', i, 'start'],
      `The input's frames stop at ${fmt(tl.end)} s, though its header says ${facts.duration} s: ${CUT_OFF}; nothing from ${start} s on can be read`,
    );
  const [i0, i1] = frameRange(tl, start, end, i);
  const short = cutOff && end > tl.end + FRAME_TOLERANCE_SECONDS ? { endsAtDataEnd: tl.end } : {};
  if (strategy === 'copy') return { ...losslessCut(tl, facts.video?.packets ?? [], i0, i1), ...short };
  return { ...(strategy === 'smart' ? smartCut(tl, i0, i1) : reencodeCut(tl, i0, i1)), ...short };
}

/** How a note names a segment: "Segment 2" among several, "The cut" alone. */
const cutLabel = (cuts: readonly unknown[], i: number) => (cuts.length > 1 ? `Segment ${i + 1}` : 'The cut');

/** How much shorter than its header's duration a file's frames may end before the file counts as cut off (a video track a little shorter than its sound is common). */
const CUT_OFF_SECONDS = 1;
const CUT_OFF = 'the file is cut off (a recording stopped by a crash, a copy not finished) or damaged';

/** A segment marked past where a cut-off file's frames stop says so: the cut holds what can be read (docs/cutting.md, "Fallbacks"). */
function dataEndNotes(cuts: readonly SegmentCut[], edit: EditBody, duration: number): string[] {
  return cuts.flatMap((c, i) => {
    if (c.endsAtDataEnd === undefined) return [];
    return [
      `${cutLabel(cuts, i)} ends at ${fmt(c.endsAtDataEnd)} s, not ${edit.segments[i]!.end} s: the input's frames stop there, though its header says ${duration} s (${CUT_OFF})`,
    ];
  });
}

interface Ctx {
  facts: CutFacts;
  edit: EditBody;
  input: string;
  strategy: Strategy;
  container: OutputContainer;
  /** The input has video, whether or not the output keeps it. */
  inputHasVideo: boolean;
  /** The input's audio tracks the output keeps (keptAudio): what every step reading the input maps (sourceAudioMaps). */
  sourceAudio: readonly number[];
  /** They are mixed into one track (mix_audio, two tracks or more): then the sound is encoded, never copied. */
  mix: boolean;
  /** A lossless cut of sound stored without loss (sampleExactCodecOf): its codec, which cuts it by samples. */
  losslessSound: string | undefined;
  /** The source's frames a second (frameRateOf): a GIF's `max_fps` leaves a slower source as it is. */
  sourceFps: number | undefined;
  /** The parts (independent of each other) and the joins (each reads parts). */
  parts: string[][];
  joins: string[][];
  files: Record<string, string>;
}

/**
 * How a part's run seeks into the input (`-ss` before `-i`: only the GOPs concerned are read).
 * A copied part seeks to its keyframe (half a frame past it, taken back out of its times). An
 * encoded part starting between keyframes seeks a hair before its first frame: ffmpeg decodes
 * from the keyframe before it and drops what shows earlier. One starting on a keyframe (a tail, a
 * short segment) would land a GOP early that way (the demuxer seeks to the keyframe at or before
 * the target) and decode a whole GOP for nothing: it seeks half a frame past the keyframe without
 * trimming (`-noaccurate_seek`), so decoding starts at that keyframe and its first frame is the
 * first one out (closed GOPs: chooseMode); its times are then rebased to start at zero (addGroup).
 */
function seekArgs(part: VideoPart, facts: CutFacts): string[] {
  // A part starting on a keyframe aims half a frame past it: an MP4 whose video starts after zero
  // (a remuxed recording) indexes a keyframe up to about a millisecond after its time, and a seek
  // to that time, or a hair past it, landed a GOP early: a copy held the GOP before, a tail showed
  // it (docs/cutting.md, "An MP4 remuxed from a recording"). Half a frame stays short of the next one.
  if (part.kind === 'copy') return inputSeek(facts, part.from, part.firstGap / 2);
  if (!part.onKeyframe) return inputSeek(facts, part.from - FRAME_TOLERANCE_SECONDS / 2);
  return ['-noaccurate_seek', ...inputSeek(facts, part.from + part.firstGap / 2)];
}

/**
 * `-ss` before an `-i` so the part starts at `t` (seconds from the container's start, as ffmpeg
 * counts them and the facts are) and its times start there at zero (docs/cutting.md, "Inputs
 * other than MP4/MOV"). Where the container seeks by decode time and a stream has B-frames,
 * ffmpeg aims 3/23 s earlier, which from a keyframe lands a GOP early (and a stream copy then
 * counts that GOP's dropped packets against its `-frames:v`): the seek aims `lead` later, and
 * `-itsoffset` takes it back out of the times.
 */
function inputSeek(facts: CutFacts, t: number, past = 0): string[] {
  const lead = (facts.seekLead ?? 0) + past;
  const at = ['-ss', fmt(Math.max(0, t + lead))];
  return lead > 0 ? [...at, '-itsoffset', fmt(lead)] : at;
}
const fmt = (t: number) => String(round6(t));
const round6 = (t: number) => Math.round(t * 1e6) / 1e6;

function addGroup(ctx: Ctx, group: { cut: SegmentCut; index: number }[], g: number, outName: string): void {
  const { facts, input } = ctx;
  const video: string[] = [];
  const audio: string[] = [];
  const mp4Like = mp4FamilyExt(outName) !== undefined;
  const audioOut = facts.audio ? audioPlan(ctx, group.length, mp4Like) : null;
  for (const { cut, index } of group) {
    // Each part seeks its own way into the input (-ss before -i: only the GOPs concerned are read);
    // the parts are independent, so they run at once as far as the command's cores allow.
    cut.video.forEach((part, p) => {
      const file = `cut-v${index + 1}-${p + 1}.mp4`;
      const codec =
        part.kind === 'copy'
          ? copiedPartArgs(ctx.strategy === 'smart' ? facts.video : null)
          : ctx.strategy === 'smart'
            ? smartEdgeArgs(facts.video!)
            : reencodeVideoArgs(facts.video!, ctx.edit.output, ctx.container);
      // Untrimmed, a part starting on a keyframe would start a hair below zero, which MP4 cannot hold (seekArgs).
      // A re-encode scales its parts (a GIF or an image keeps them whole, and its join scales).
      const size = ctx.strategy === 'encode' && part.kind === 'encode' && !isEncodedPicture(ctx.container) ? sizeFilters(ctx.edit.output) : [];
      const filters = [...(part.kind === 'encode' && part.onKeyframe ? ['setpts=PTS-STARTPTS'] : []), ...size];
      const filterArgs = filters.length > 0 ? ['-vf', filters.join(',')] : [];
      const lag = ctx.strategy === 'smart' && part.kind === 'encode' ? decodeLagArgs(facts) : [];
      const extra = part.kind === 'copy' ? [] : [...filterArgs, '-fps_mode', 'passthrough', '-enc_time_base:v', '-1', ...lag];
      const output = [...codec, ...extra, ...timescaleArgs(facts.video?.timeBase), '-f', 'mp4', file];
      // A smart edge keeps the source's pixels as they are stored: ffmpeg would otherwise turn a
      // phone's portrait video upright while decoding, and the edges would no longer match the
      // copied GOPs beside them, which keep the rotation as metadata (docs/cutting.md, "Rotated video").
      const stored = ctx.strategy === 'smart' && part.kind === 'encode' ? ['-noautorotate'] : [];
      ctx.parts.push([...seekArgs(part, facts), ...stored, '-i', input, '-map', '0:v:0', '-an', '-sn', '-dn', '-frames:v', String(part.frames), ...output]);
      video.push(`file ${file}\nduration ${fmt(part.duration)}`);
    });
    const length = fmt(cut.actualEnd - cut.actualStart);
    if (audioOut?.where === 'join') audio.push(fmt(cut.actualStart), length);
    else if (audioOut) {
      const direct = audioOut.where === 'part';
      const file = `cut-a${index + 1}.${direct ? 'm4a' : 'mka'}`;
      const samples = ctx.losslessSound;
      const copied = ctx.strategy === 'copy' && !ctx.mix && samples === undefined;
      const codec = direct ? audioOut.codec : samples ? ['-c:a', samples] : copied ? ['-c:a', 'copy'] : ['-c:a', 'flac'];
      // Copied sound cut from a video input (a sound-only output): a seek before -i would land on
      // the video keyframe before the start and copy from there; after -i it drops the packets before it.
      const seekAfterInput = copied && cut.video.length === 0 && ctx.inputHasVideo;
      const seek = seekAfterInput ? ['-ss', fmt(cut.actualStart)] : inputSeek(facts, cut.actualStart);
      ctx.parts.push([
        ...(seekAfterInput ? [] : seek),
        '-i',
        input,
        ...(seekAfterInput ? seek : []),
        ...(ctx.mix ? mixedAudio(ctx.sourceAudio, 0) : sourceAudioMaps(ctx.sourceAudio, 0)),
        '-vn',
        '-sn',
        '-dn',
        '-t',
        length,
        ...codec,
        '-f',
        direct ? 'mp4' : 'matroska',
        file,
      ]);
      // A copied part ends on a whole audio frame, up to one past its length: `outpoint` drops a
      // packet reaching into the next part's time, which would otherwise overlap it (a muxer's
      // "non monotonically increasing dts"): a copy cuts sound to its frames.
      const end = copied ? `\noutpoint ${length}` : '';
      audio.push(direct ? file : `file ${file}\nduration ${length}${end}`);
    }
  }
  const final: string[] = [];
  const maps: string[] = [];
  let n = 0;
  if (video.length > 0) {
    const list = `cut-video-${g}.ffconcat`;
    // The first file's codec parameters become the output's: with smart, a copied part comes first so
    // the avcC is the source's. It must give no packet: the concat demuxer ends a file at the first
    // packet whose decode time reaches `outpoint`, and B-frames start a part below zero, so `outpoint
    // 0` let its first two through (an MP4 hid them; an MKV showed them as two stray frames);
    // `duration 0` keeps the next part at zero.
    const firstCopy = group
      .flatMap(({ cut, index }) => cut.video.map((p, i) => ({ p, file: `cut-v${index + 1}-${i + 1}.mp4` })))
      .find((x) => x.p.kind === 'copy');
    const lead =
      ctx.strategy === 'smart' && firstCopy && group[0]?.cut.video[0]?.kind !== 'copy' ? [`file ${firstCopy.file}\nduration 0\noutpoint ${LEAD_OUTPOINT}`] : [];
    ctx.files[list] = ['ffconcat version 1.0', ...lead, ...video, ''].join('\n');
    final.push('-auto_convert', '0', '-f', 'concat', '-i', list);
    const codec = isEncodedPicture(ctx.container)
      ? pictureJoinArgs(ctx.container, ctx.edit.output, ctx.sourceFps)
      : ['-c:v', 'copy', ...(ctx.strategy === 'smart' && facts.video?.codec === 'hevc' && mp4Like ? ['-tag:v', 'hev1'] : [])];
    maps.push('-map', `${n++}:v:0`, ...codec);
  }
  if (audioOut?.where === 'join') {
    // The source's packets, read by the join itself: no part to write and read again (audioPlan).
    final.push(...inputSeek(facts, Number(audio[0])), '-t', audio[1] as string, '-i', input);
    maps.push(...sourceAudioMaps(ctx.sourceAudio, n), '-c:a', 'copy');
  } else if (audioOut?.where === 'part') {
    final.push('-i', audio[0] as string);
    maps.push('-map', `${n}:a`, '-c:a', 'copy');
  } else if (audioOut) {
    const list = `cut-audio-${g}.ffconcat`;
    ctx.files[list] = ['ffconcat version 1.0', ...audio, ''].join('\n');
    final.push('-f', 'concat', '-i', list);
    maps.push('-map', `${n}:a`, ...audioOut.codec);
  }
  addSubtitles(ctx, group, g, final, maps);
  ctx.joins.push([...final, ...maps, ...(mp4Like ? [...timescaleArgs(facts.video?.timeBase), '-movflags', '+faststart'] : []), outName]);
}

/** The kept subtitle tracks of one output, muxed by its join (addSubtitles); a segmented re-encode's join takes the text ones too. */
function addSubtitles(ctx: Ctx, group: { cut: SegmentCut }[], g: number, final: string[], maps: string[]): void {
  const spans = group.map(({ cut }) => ({ start: cut.actualStart, end: cut.actualEnd }));
  const subs = subtitleInputs(ctx.facts, ctx.container, spans, g, final.filter((x) => x === '-i').length, ctx.input);
  Object.assign(ctx.files, subs.files);
  final.push(...subs.inputs);
  maps.push(...subs.maps);
  pictureSubtitles(ctx, spans, g, final, maps, keptSubtitles(ctx.facts, ctx.container).length);
}

/**
 * The kept picture-based subtitle tracks (docs/cutting.md, "Subtitles"). Per segment, a part
 * copies the tracks' packets into a small Matroska file: it seeks PICTURE_SEEK_MARGIN before the
 * in point, drops the packets that show before it (the `noise` bitstream filter's `drop`
 * expression: ffmpeg's own `-ss` after `-i` let the last earlier packet through once a second
 * input was there) and stops at the out point. A one-packet silent anchor stream (from lavfi)
 * keeps the file readable when the segment shows no picture (ffmpeg 5.1 writes an unreadable
 * Matroska file from no packets at all). The picture on screen at the in point (shown before it,
 * not yet replaced: the last packet before it, from the facts' `packetTimes`) is kept too, moved
 * to the in point (the `setts` filter), so a cut inside a subtitle shows it from its first frame,
 * as a text track's event is trimmed to the cut. A concat list puts each file at its segment's place
 * (`inpoint` where the segment starts in it, `duration` the segment's), and the join reads the
 * list at its own times (`-seek_timestamp`: ffmpeg would otherwise move the input's first packet
 * to zero). `before` text tracks come first.
 */
function pictureSubtitles(ctx: Ctx, spans: readonly CutSpan[], g: number, final: string[], maps: string[], before: number): void {
  const tracks = keptPictures(ctx.facts, ctx.container, ctx.edit);
  if (tracks.length === 0) return;
  // One part per segment takes every picture track: a Blu-ray's ten languages are read once, not ten times.
  const entries = spans.map((span, i) => {
    const file = `cut-pics-${g}-${i + 1}.mkv`;
    const from = Math.max(0, span.start - PICTURE_SEEK_MARGIN);
    const [off, to] = [fmt(span.start - from), fmt(span.end - from)];
    const filters = tracks.flatMap((t, j) => ['-bsf:s:' + j, pictureFilter(off, heldPicture(t, span.start), from)]);
    ctx.parts.push([
      ...['-ss', fmt(from), '-i', ctx.input, '-f', 'lavfi', '-t', '0.01', '-i', 'anullsrc=r=1000:cl=mono'],
      ...tracks.flatMap((t) => ['-map', `0:${t.pictureStream}`]),
      ...['-map', '1:a', '-c:s', 'copy', '-c:a', 'pcm_u8', ...filters, '-t', to, '-f', 'matroska', file],
    ]);
    return `file ${file}\ninpoint ${off}\nduration ${fmt(span.end - span.start)}`;
  });
  const list = `cut-pics-${g}.ffconcat`;
  ctx.files[list] = ['ffconcat version 1.0', ...entries, ''].join('\n');
  const n = final.filter((x) => x === '-i').length;
  final.push('-ss', '0', '-seek_timestamp', '1', '-f', 'concat', '-i', list);
  tracks.forEach((t, j) => maps.push('-map', `${n}:s:${j}`, `-c:s:${before + j}`, 'copy', ...sourceTags(t, before + j)));
}

/** Two packets of a picture track closer than this are one (the containers keep their times in ms). */
const SAME_PICTURE_SECONDS = 0.002;

/** The time of the picture a track has on screen at `start`: its last packet before it, unless one is at `start` itself. */
function heldPicture(t: SubtitleTrack, start: number): number | null {
  const times = t.packetTimes ?? [];
  if (times.some((p) => Math.abs(p - start) < SAME_PICTURE_SECONDS)) return null;
  const before = times.filter((p) => p < start && p >= start - PICTURE_SEEK_MARGIN);
  return before.length > 0 ? (before[before.length - 1] as number) : null;
}

/**
 * A picture track's filters in its part (times there count from `from`): the packets before the
 * in point `off` dropped, but the one `held` on screen there, which is moved to `off`.
 */
function pictureFilter(off: string, held: number | null, from: number): string {
  if (held === null) return `noise=drop=lt(pts*tb\\,${off})`;
  const at = fmt(held - from);
  const isHeld = (ts: string) => `lt(abs(${ts}-${at})\\,${SAME_PICTURE_SECONDS})`;
  return `noise=drop=lt(pts*tb\\,${off})*not(${isHeld('pts*tb')}),setts=ts=if(${isHeld('TS*TB')}\\,${off}/TB\\,TS)`;
}

/** The source track's language and title on output subtitle stream `k`. */
const sourceTags = (t: SubtitleTrack, k: number): string[] => [
  ...(t.language ? [`-metadata:s:s:${k}`, `language=${t.language}`] : []),
  ...(t.title ? [`-metadata:s:s:${k}`, `title=${t.title}`] : []),
];

/**
 * The kept subtitle tracks (docs/cutting.md, "Subtitles"): each track's events cut to `spans`
 * (the frames the output shows: actual start to actual end of each segment) are written as a
 * small .srt/.ass file beside the lists, and the join muxes each as a subtitle stream, converted
 * to what the container holds, with the source track's language and title. `firstInput` is the
 * join's input number the first file gets.
 */
export function subtitleInputs(
  facts: CutFacts,
  container: OutputContainer,
  spans: readonly CutSpan[],
  g: number,
  firstInput: number,
  input: string,
): { files: Record<string, string>; inputs: string[]; maps: string[] } {
  const tracks = keptSubtitles(facts, container);
  const files: Record<string, string> = {};
  const inputs: string[] = [];
  const maps: string[] = [];
  tracks.forEach((t, k) => {
    const format = t.format as 'srt' | 'ass';
    const file = `cut-subs-${g}-${k + 1}.${format}`;
    files[file] = writeCut(t, spans);
    inputs.push('-f', format, '-i', file);
    maps.push('-map', `${firstInput + k}:s:0`, ...sourceTags(t, k));
  });
  if (tracks.length > 0) maps.push('-c:s', container.subtitles as string);
  // The source's attachments, copied as they are: the fonts an ASS track is drawn with (or a cover) go with it into Matroska.
  if (container.ext === 'mkv' && facts.video && (facts.attachments ?? 0) > 0) {
    inputs.push('-i', input);
    maps.push('-map', `${firstInput + tracks.length}:t`, '-c:t', 'copy');
  }
  return { files, inputs, maps };
}

/** Far below any decode time a part starts at (a few frames below zero). */
const LEAD_OUTPOINT = -1000;

/**
 * The output's audio codec, and where it is made (docs/cutting.md, "The modes"):
 * - `join`: a smart cut's output of one segment (MP4 family) whose audio MP4 holds as it is: the
 *   join copies the source's packets straight from the input (`-ss` at the in point). ffmpeg keeps
 *   the packets from its seek point and writes an edit list starting the track exactly at the in
 *   point, so the first kept sample decodes with its predecessors and no sample is re-encoded.
 * - `part`: a reencode's output of one segment with AAC: encoded in its own part, alongside the
 *   video parts, straight into MP4 (whose edit list keeps the encoder delay); the join copies it.
 * - `list`: several segments: each cut losslessly (FLAC, or copied by a lossless cut) and encoded
 *   once in the join. Copied or separately encoded parts would each bring their own edit list
 *   (pre-roll, encoder delay), which a concatenation does not keep.
 */
function audioPlan(ctx: Ctx, segments: number, mp4Like: boolean): { codec: string[]; where: 'join' | 'part' | 'list' } {
  // FLAC cut by samples: each part's frames are numbered from 0 in their own headers, which a copy keeps (decoding
  // a .flac file read "sample/frame number mismatch" and going-back times): the join encodes them once, as FLAC, without loss.
  if (ctx.strategy === 'copy' && !ctx.mix) return { codec: ['-c:a', ctx.losslessSound === 'flac' && segments > 1 ? 'flac' : 'copy'], where: 'list' };
  const lone = segments === 1 && mp4Like;
  const copyable = !ctx.mix && audioTracks(ctx.facts).every((t) => MP4_COPYABLE_AUDIO.has(t) && holdsAudio(ctx.container, t));
  if (lone && ctx.strategy === 'smart' && copyable) return { codec: ['-c:a', 'copy'], where: 'join' };
  const codec = finalAudioArgs(ctx.strategy === 'encode' ? 'choose' : 'match', ctx.facts.audio!, ctx.edit.output, ctx.container);
  return { codec, where: lone && codec[1] === 'aac' ? 'part' : 'list' };
}

/** Audio codecs whose packets MP4 holds as they are (a smart cut of one segment copies them). */
const MP4_COPYABLE_AUDIO = new Set(['aac', 'mp3', 'ac3', 'eac3', 'alac']);

/** With join=false, the file of segment `i`: the segment's own `filename`, else segmentFileName. */
export const segmentOutputName = (edit: Pick<EditBody, 'output' | 'segments'>, i: number): string =>
  edit.segments[i]?.filename ?? segmentFileName(edit.output.filename, edit.segments[i]?.name, i);

/** With join=false: "<stem>-<segment name or number>.<ext>", reduced to the characters output names allow. */
export function segmentFileName(filename: string, segmentName: string | undefined, i: number): string {
  const dot = filename.lastIndexOf('.');
  const stem = filename.slice(0, dot);
  const ext = filename.slice(dot);
  const label = (segmentName ?? '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem}-${label || String(i + 1)}${label ? `-${i + 1}` : ''}${ext}`;
}

/**
 * An H.264 edge's decode times moved back by the source's reorder delay, as the copied GOPs'
 * are (docs/cutting.md, "The modes"). x264's edges have no B-frames, so their decode time is
 * their presentation time, while a B-frame source decodes two frames ahead of what it shows: at
 * each join from a copied GOP to an edge the decode times jumped two frames, and the MP4's sample
 * times said so (ffprobe averaged 24.254 fps for a 25 fps cut, a tool reading them saw a variable
 * rate). Presentation times, and so every frame shown, are unchanged. H.265 edges (x265, with
 * B-frames of their own) keep theirs.
 */
function decodeLagArgs(facts: CutFacts): string[] {
  const v = facts.video;
  // The parts are written in the source's time base where it is 1/n (timescaleArgs): ticks of 1/n.
  const timescale = timescaleOf(v?.timeBase);
  if (!v || v.codec !== 'h264' || timescale === undefined) return [];
  const ticks = Math.round(decodeLead(v.packets) * timescale);
  return ticks > 0 ? ['-bsf:v', `setts=dts=DTS-${ticks}`] : [];
}
