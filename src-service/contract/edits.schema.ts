import { z } from 'zod';
import { laxNumber } from './lax-number';
import { MAX_JOB_NAME, MAX_OUTPUT_NAME, OUTPUT_NAME, isHttpUrl } from './names';
import { Segmented } from './commands.schema';

/**
 * `POST /v1/edits`: cut one input into segments (docs/cutting.md). The GUI's clip view sends
 * exactly this, and so can any script. The result is an ordinary command whose
 * `original_request` is this body.
 */

/** Segments one edit may hold (docs/cutting.md, "Limits"). */
export const MAX_EDIT_SEGMENTS = 100;
export const MAX_SEGMENT_NAME = 100;

export const EDIT_MODES = ['lossless', 'smart', 'reencode'] as const;
export const EditModeSchema = z.enum(EDIT_MODES, { error: 'mode must be one of "lossless", "smart", "reencode"' });
export type EditMode = (typeof EDIT_MODES)[number];

/** Output codecs a `reencode` (and a `smart` fallback) may ask for; the service maps them to its encoders. */
export const EDIT_VIDEO_CODECS = ['h264', 'hevc', 'vp9', 'av1'] as const;
export const EDIT_AUDIO_CODECS = ['aac', 'opus', 'mp3', 'flac', 'pcm'] as const;

/** Bounds of `output.max_height` and `output.max_fps` (docs/cutting.md, "Size and quality"). */
export const MIN_EDIT_HEIGHT = 16;
export const MAX_EDIT_HEIGHT = 8640;
export const MAX_GIF_FPS = 50;
/** The reencode's quality by default, per codec (CRF): the GUI's quality steps count from it. */
export const EDIT_DEFAULT_CRF = { h264: 18, hevc: 20, vp9: 32, av1: 35 } as const;

const seconds = (what: string) =>
  laxNumber(z.number().min(0, `${what} must be 0 or more seconds`)).describe(`${what}, in seconds of the source (a numeric string is accepted too)`);

export const EditSegment = z.object({
  start: seconds('Start'),
  end: seconds('End'),
  name: z.string().trim().min(1).max(MAX_SEGMENT_NAME).optional().describe("A label; with join=false it names the segment's file"),
  filename: z
    .string()
    .max(MAX_OUTPUT_NAME)
    .regex(OUTPUT_NAME, 'File name may hold letters, digits, _, - and dots; no paths')
    .optional()
    .describe(
      'FFDesk, join=false only: the name of this segment\'s file, with the extension of output.filename (which decides the format); default "<stem>-<name>-<n>.<ext>" or "<stem>-<n>.<ext>"',
    ),
});
export type EditSegment = z.output<typeof EditSegment>;

/**
 * Sound stored without loss, which a lossless cut cuts by samples rather than copying packets
 * (docs/cutting.md, "The modes"): decoded and written again with the same codec, every sample is
 * the source's, where a copy cuts to the packets (a WAV's 1024 samples, a FLAC's 4608: 21 and
 * 96 ms at 48 kHz). The clip view says so beside its Lossless choice.
 */
export const SAMPLE_EXACT_AUDIO_CODECS: readonly string[] = [
  ...['pcm_s16le', 'pcm_s16be', 'pcm_s24le', 'pcm_s24be', 'pcm_s32le', 'pcm_s32be', 'pcm_u8', 'pcm_s8'],
  ...['pcm_f32le', 'pcm_f32be', 'pcm_f64le', 'pcm_f64be', 'flac', 'alac'],
];

/** The codec a lossless cut writes sound with when the tracks it keeps are one such codec (SAMPLE_EXACT_AUDIO_CODECS); undefined: their packets are copied. */
export function sampleExactCodecOf(codecs: readonly string[]): string | undefined {
  const [first, ...rest] = codecs;
  return first !== undefined && SAMPLE_EXACT_AUDIO_CODECS.includes(first) && rest.every((t) => t === first) ? first : undefined;
}

/**
 * Output extensions that hold sound only, and among them those holding one audio track (docs/cutting.md,
 * "Output formats"): the service's container table takes them from here, and the clip view says
 * before an export what such a file can keep of the tracks chosen.
 */
export const SOUND_ONLY_EXTENSIONS: readonly string[] = ['m4a', 'mka', 'mp3', 'aac', 'wav', 'flac', 'opus', 'ogg'];
export const ONE_TRACK_EXTENSIONS: readonly string[] = ['mp3', 'aac', 'wav', 'flac', 'opus', 'ogg'];

/** Tracks one edit may name in `audio_tracks` or `subtitle_tracks`. */
export const MAX_EDIT_TRACKS = 64;

/** 1-based track numbers among the input's audio (or subtitle) streams, as `audio_track` of the file facts counts them. */
const trackList = (kind: 'audio' | 'subtitle') =>
  z
    .array(z.number().int(`${kind}_tracks holds whole track numbers`).min(1, `${kind} track numbers start at 1`).max(MAX_EDIT_TRACKS))
    .max(MAX_EDIT_TRACKS, `At most ${MAX_EDIT_TRACKS} ${kind} tracks`)
    .refine((list) => new Set(list).size === list.length, `${kind}_tracks names a track twice`)
    .optional();

export const EditOutput = z.object({
  filename: z
    .string()
    .max(MAX_OUTPUT_NAME)
    .regex(OUTPUT_NAME, 'Output file name may hold letters, digits, _, - and dots; no paths')
    .refine((name) => /\.[A-Za-z0-9]+$/.test(name), 'Output file name needs an extension (.mp4, .mkv, .mov ...)')
    .describe(
      'The joined file\'s name; with join=false each segment\'s file is named "<stem>-<segment>.<ext>". The extension decides the format: .mp4/.mov/.mkv keep the source\'s codecs, .webm re-encodes (VP9 + Opus), .gif encodes a GIF, .png/.jpg capture the first frame, .m4a/.mp3/.wav/.flac keep the sound only (docs/cutting.md, "Output formats")',
    ),
  video_codec: z.enum(EDIT_VIDEO_CODECS).optional().describe("reencode only: default the source's codec when it can be encoded here, else h264"),
  crf: laxNumber(z.number().min(0).max(63)).optional().describe('reencode only: quality, lower is better (default x264 18, x265 20, VP9 32, AV1 35)'),
  preset: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'])
    .optional()
    .describe('reencode only: x264/x265 speed preset (default medium)'),
  audio_codec: z.enum(EDIT_AUDIO_CODECS).optional().describe('reencode only: default aac'),
  max_height: laxNumber(z.number().int('max_height is a whole number of lines').min(MIN_EDIT_HEIGHT).max(MAX_EDIT_HEIGHT))
    .optional()
    .describe(
      'FFDesk, reencode or a .gif/.png/.jpg only: the picture scaled down to at most this many lines as shown, its shape kept (the width rounded to even); a smaller source keeps its size (docs/cutting.md, "Size and quality")',
    ),
  max_fps: laxNumber(z.number().min(1).max(MAX_GIF_FPS))
    .optional()
    .describe(
      'FFDesk, .gif only: at most this many frames a second (a slower source keeps its own rate); default the source\'s (docs/cutting.md, "Size and quality")',
    ),
});
export type EditOutput = z.output<typeof EditOutput>;

export const EditBody = z.object({
  input: z
    .string()
    .min(1)
    .max(8192)
    .refine((s) => isHttpUrl(s) || /^[A-Za-z0-9_-]{1,100}$/.test(s), 'input must be a stored file_id or an http(s) URL')
    .describe('A stored file_id (an upload, a stored URL or a command output) or an http(s) URL'),
  segments: z
    .array(EditSegment)
    .min(1, 'At least one segment')
    .max(MAX_EDIT_SEGMENTS, `At most ${MAX_EDIT_SEGMENTS} segments per edit`)
    .describe('In output order; they may not overlap'),
  mode: EditModeSchema.default('smart').describe(
    'lossless: stream copy from the keyframe at or before each start; smart: frame-exact, re-encoding only the edges; reencode: exact, everything re-encoded',
  ),
  join: z.boolean().default(true).describe('true: one file of all segments in order; false: one file per segment'),
  audio_tracks: trackList('audio').describe(
    'FFDesk: the input\'s audio tracks the output keeps, 1-based in the input\'s order of audio streams (as audio_track of GET /v1/files/{id}/keyframes lists them), in the order given; [] keeps no sound; absent: every track (docs/cutting.md, "Choosing tracks")',
  ),
  mix_audio: z
    .boolean()
    .optional()
    .describe(
      'FFDesk: the audio tracks kept (audio_tracks, or every track) mixed into one, each at its own level (summed, as OBS mixes them), encoded with the output\'s audio codec; most players play only a file\'s first track (docs/cutting.md, "Choosing tracks")',
    ),
  subtitle_tracks: trackList('subtitle').describe(
    'FFDesk: the input\'s subtitle tracks the output keeps, 1-based in the input\'s order of subtitle streams (kept in that order); [] keeps none; absent: every track the output can hold (docs/cutting.md, "Choosing tracks")',
  ),
  output: EditOutput,
  name: z.string().trim().min(1).max(MAX_JOB_NAME).optional().describe('A name for the job; when left out, one is derived from the input and segments'),
  max_command_run_seconds: laxNumber(z.number().positive()).optional().describe('Seconds; a numeric string ("120") is accepted too'),
  is_private: z.boolean().optional(),
  segmented: Segmented.optional().describe(
    'FFDesk, mode "reencode" with join=true only: each kept segment is cut at keyframes into pieces encoded side by side (cores or workers), joined without re-encoding, audio encoded once; resumable (docs/cutting.md, docs/scale-out.md)',
  ),
});
export type EditBody = z.output<typeof EditBody>;

/** What the record says about an edit once the job has planned it (`edit` of a command record). */
export const EditSegmentResult = z.object({
  name: z.string().optional(),
  start: z.number().describe('Requested start, seconds'),
  end: z.number().describe('Requested end, seconds'),
  actual_start: z.number().describe('Where the output really starts in the source: the keyframe at or before start for lossless, start otherwise'),
  actual_end: z.number().describe('Where the output really ends in the source'),
  output: z.string().optional().describe('With join=false: the output alias holding this segment'),
});

export const EditResult = z
  .object({
    mode: EditModeSchema.describe('As requested'),
    mode_used: EditModeSchema.describe('What ran: differs from mode when smart fell back to reencode'),
    fallback_reason: z.string().optional().describe('Why smart fell back to reencode'),
    segments: z.array(EditSegmentResult),
    notes: z
      .array(z.string())
      .optional()
      .describe('What of the input the output does not keep, and why (a subtitle track made of pictures, or an output format without subtitles)'),
  })
  .meta({ description: 'FFDesk: how an edit was cut (docs/cutting.md)' });
export type EditResult = z.output<typeof EditResult>;
