import type { ValidationIssue } from '../errors';
import { EDIT_AUDIO_CODECS, EDIT_VIDEO_CODECS, ONE_TRACK_EXTENSIONS, type EditBody } from '../contract/edits.schema';

/**
 * What an edit's output file can hold, read from its extension (docs/cutting.md, "Output
 * formats"): the codecs a stream copy may put in it (ffprobe's names) and what a re-encode
 * writes when the source's codec does not fit. A cut to `.webm` re-encodes as VP9 and Opus, to
 * `.mp3` keeps the sound only, to `.gif` encodes a GIF, to `.png`/`.jpg` captures the cut's first
 * frame; a combination no muxer takes (H.264
 * copied into WebM, a video codec asked of an `.mp3`) is refused with a 422 at submit, or, where
 * only the input's codecs decide it, said in the record (smart falls back) or in the failure
 * (lossless, which only copies).
 */
export type EditVideoCodec = (typeof EDIT_VIDEO_CODECS)[number];
export type EditAudioCodec = (typeof EDIT_AUDIO_CODECS)[number];

export interface OutputContainer {
  ext: string;
  /** Video codecs it holds (ffprobe names); null: any; empty: none (sound only). */
  video: readonly string[] | null;
  /** Audio codecs it holds; null: any; empty: none. A name ending in `_` matches a prefix (`pcm_`). */
  audio: readonly string[] | null;
  /** `gif`: the video is encoded as a GIF with its own palette (no copy, no other codec). */
  isGif?: boolean;
  /** A still image: it holds the first frame of the cut (a frame capture), always encoded. */
  isImage?: boolean;
  /** Holds one audio stream only (the first is kept); the others keep every audio track. */
  isSingleAudio?: boolean;
  /** How it holds text subtitle tracks (docs/cutting.md, "Subtitles"): as MP4 timed text, as WebVTT, or as they are (SRT, ASS); absent: none. */
  subtitles?: 'mov_text' | 'webvtt' | 'copy';
}

const MP4_VIDEO = ['h264', 'hevc', 'av1', 'vp9', 'mpeg4'];
const MP4_AUDIO = ['aac', 'mp3', 'ac3', 'eac3', 'alac', 'opus'];
const TS = { video: ['h264', 'hevc', 'mpeg2video'], audio: ['aac', 'mp3', 'ac3', 'eac3', 'opus'] };

const CONTAINERS: Record<string, Omit<OutputContainer, 'ext'>> = {
  mp4: { video: MP4_VIDEO, audio: MP4_AUDIO, subtitles: 'mov_text' },
  m4v: { video: MP4_VIDEO, audio: MP4_AUDIO, subtitles: 'mov_text' },
  mov: { video: ['h264', 'hevc', 'prores', 'mpeg4', 'mjpeg'], audio: ['aac', 'mp3', 'ac3', 'alac', 'pcm_'], subtitles: 'mov_text' },
  mkv: { video: null, audio: null, subtitles: 'copy' },
  avi: { video: null, audio: null },
  webm: { video: ['vp8', 'vp9', 'av1'], audio: ['opus', 'vorbis'], subtitles: 'webvtt' },
  ts: TS,
  m2ts: TS,
  mts: TS,
  gif: { video: ['gif'], audio: [], isGif: true },
  png: { video: ['png'], audio: [], isImage: true },
  jpg: { video: ['mjpeg'], audio: [], isImage: true },
  jpeg: { video: ['mjpeg'], audio: [], isImage: true },
  m4a: { video: [], audio: ['aac', 'alac'] },
  mka: { video: [], audio: null },
  mp3: { video: [], audio: ['mp3'] },
  aac: { video: [], audio: ['aac'] },
  wav: { video: [], audio: ['pcm_'] },
  flac: { video: [], audio: ['flac'] },
  opus: { video: [], audio: ['opus'] },
  ogg: { video: [], audio: ['opus', 'vorbis', 'flac'] },
};

export const OUTPUT_EXTENSIONS = Object.keys(CONTAINERS);

/** ffprobe's codec name of what each edit codec encodes to. */
const PROBE_NAME: Record<EditVideoCodec | EditAudioCodec, string> = {
  h264: 'h264',
  hevc: 'hevc',
  vp9: 'vp9',
  av1: 'av1',
  aac: 'aac',
  opus: 'opus',
  mp3: 'mp3',
  flac: 'flac',
  pcm: 'pcm_s16le',
};

export function containerOf(filename: string): OutputContainer | null {
  const dot = filename.lastIndexOf('.');
  const ext = dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
  const c = CONTAINERS[ext];
  return c ? { ext, ...c, ...(ONE_TRACK_EXTENSIONS.includes(ext) ? { isSingleAudio: true } : {}) } : null;
}

const holds = (list: readonly string[] | null, codec: string) => list === null || list.some((c) => (c.endsWith('_') ? codec.startsWith(c) : c === codec));

/** A GIF or a still image: its video is always encoded from the cut's frames (never copied, no codec to choose). */
export const isEncodedPicture = (c: OutputContainer) => c.isGif === true || c.isImage === true;

/** Whether a stream of this codec (ffprobe's name) can be copied into the container. */
export const holdsVideo = (c: OutputContainer, codec: string) => !isEncodedPicture(c) && holds(c.video, codec);
export const holdsAudio = (c: OutputContainer, codec: string) => holds(c.audio, codec);

/**
 * Up to three extensions (MKV first) whose container holds these streams as they are, as
 * ".mkv, .mov": what a failed copy suggests. Sound only (`video` null): the sound-only ones.
 */
export function extensionsHolding(video: string | null, audio: string | null): string {
  const order = video ? ['mkv', 'mp4', 'mov', 'webm', 'ts', 'avi'] : ['mka', 'm4a', 'mp3', 'wav', 'flac', 'opus', 'ogg', 'aac'];
  return order
    .map((ext) => containerOf(`x.${ext}`) as OutputContainer)
    .filter((c) => (video === null || holdsVideo(c, video)) && (audio === null || holdsAudio(c, audio)))
    .slice(0, 3)
    .map((c) => `.${c.ext}`)
    .join(', ');
}

export const hasVideo = (c: OutputContainer) => c.video === null || c.video.length > 0;
export const hasAudio = (c: OutputContainer) => c.audio === null || c.audio.length > 0;

/**
 * A sound-only output's smart or re-encode cut is its exact cut, as the Cut screen offers it: the
 * two are one there (docs/gui.md, "Sound only"). The job's name and the job page say "exact", not
 * "smart" or "smart, ran as re-encode", modes the screen never shows for a sound.
 */
export const isExactSoundCut = (mode: string, c: OutputContainer | null | undefined): boolean => !!c && !hasVideo(c) && mode !== 'lossless';

/** The edit codecs a re-encode may write into the container, in order of preference. */
export function videoEncodersFor(c: OutputContainer): EditVideoCodec[] {
  return isEncodedPicture(c) ? [] : (['h264', 'vp9', 'hevc', 'av1'] as const).filter((k) => holds(c.video, PROBE_NAME[k]));
}
export function audioEncodersFor(c: OutputContainer): EditAudioCodec[] {
  return (['aac', 'opus', 'mp3', 'flac', 'pcm'] as const).filter((k) => holds(c.audio, PROBE_NAME[k]));
}

/** An edit codec (or a source codec that is one) when the container holds it, else the container's first choice. */
export function videoCodecFor(c: OutputContainer, wanted: string | undefined): EditVideoCodec | undefined {
  const allowed = videoEncodersFor(c);
  return allowed.find((k) => k === wanted) ?? allowed[0];
}
export function audioCodecFor(c: OutputContainer, wanted: string | undefined): EditAudioCodec | undefined {
  const allowed = audioEncodersFor(c);
  const asked = wanted?.startsWith('pcm_') ? 'pcm' : wanted;
  return allowed.find((k) => k === asked) ?? allowed[0];
}

const list = (names: readonly string[]) => names.join(', ');

/** What the request itself says that no output of this name can do (422s naming the field). */
export function containerIssues(body: Pick<EditBody, 'output' | 'mode' | 'segmented'>): ValidationIssue[] {
  const out = body.output;
  const c = containerOf(out.filename);
  if (!c)
    return [
      {
        loc: ['body', 'output', 'filename'],
        msg: `The extension of ${out.filename} is not a format FFDesk cuts to: use one of ${list(OUTPUT_EXTENSIONS.map((e) => `.${e}`))}`,
        type: 'value_error',
      },
    ];
  const issues: ValidationIssue[] = [];
  const at = (field: string, msg: string) => issues.push({ loc: ['body', 'output', field], msg, type: 'value_error' });
  const picture = c.isGif ? 'a GIF' : 'an image';
  if (out.video_codec && !videoEncodersFor(c).includes(out.video_codec))
    at(
      'video_codec',
      !hasVideo(c)
        ? `A .${c.ext} file holds no video`
        : isEncodedPicture(c)
          ? `A .${c.ext} file is ${picture}: leave video_codec out`
          : `A .${c.ext} file holds ${list(videoEncodersFor(c))} video, not ${out.video_codec}`,
    );
  if (out.audio_codec && !audioEncodersFor(c).includes(out.audio_codec))
    at('audio_codec', hasAudio(c) ? `A .${c.ext} file holds ${list(audioEncodersFor(c))} audio, not ${out.audio_codec}` : `A .${c.ext} file holds no audio`);
  if (out.max_height !== undefined && !hasVideo(c)) at('max_height', `A .${c.ext} file holds no picture: leave max_height out`);
  else if (out.max_height !== undefined && body.mode !== 'reencode' && !isEncodedPicture(c))
    at('max_height', `A ${body.mode} cut keeps the source's picture size: send mode "reencode" to scale it (or leave max_height out)`);
  if (out.max_fps !== undefined && !c.isGif) at('max_fps', `max_fps sets a GIF's frame rate; a .${c.ext} file keeps the source's: leave it out`);
  if (isEncodedPicture(c) && body.mode === 'lossless')
    at('filename', `lossless copies the source's packets, and ${picture} is always encoded: send mode "reencode" (or "smart") for a .${c.ext}`);
  if (body.segmented && (!hasVideo(c) || isEncodedPicture(c)))
    issues.push({
      loc: ['body', 'segmented'],
      msg: `segmented splits a video encode into pieces; a .${c.ext} output is ${hasVideo(c) ? picture : 'sound only'}: leave it out`,
      type: 'value_error',
    });
  return issues;
}
