import { z } from 'zod';
import { laxInt, laxNumber } from './lax-number';
import { LocalPath } from './local-path';
import { isPlainFilename } from './names';

/**
 * Facts about a stored file the clip view reads (docs/api.md, "File facts"): computed once per
 * file inside the sandbox, cached with it, forgotten when the file is deleted.
 */
export const KeyframesResponse = z.object({
  file_id: z.string(),
  duration: z.number().describe('Seconds, from the container (0 when unknown)'),
  frame_rate: z.number().nullable().describe('Frames per second of the first video stream (avg_frame_rate, else r_frame_rate); null without video'),
  time_base: z.string().nullable().describe('Time base of the first video stream, e.g. "1/12800"; null without video'),
  has_video: z.boolean(),
  has_audio: z.boolean(),
  keyframes: z.array(z.number()).describe('Presentation times (seconds, ascending) of the key packets of the first video stream; empty without video'),
  smart_cut_refusal: z
    .string()
    .nullable()
    .describe(
      "FFDesk: why a `smart` edit of this file re-encodes it whole (not H.264/H.265, field-coded, open GOPs), as its record's `fallback_reason` will say; null when smart copies the GOPs between the edges, or without video",
    ),
  audio_tracks: z
    .array(
      z.object({
        audio_track: z.number().int().describe('1-based, as `audio_track` of /sound and /loudness (ffmpeg `0:a:<track-1>`)'),
        codec: z.string(),
        channels: z.number().int().nullable(),
        language: z.string().nullable().describe('The track\'s language tag; null when absent or "und"'),
        title: z.string().nullable().describe("The track's title tag (or an MP4 handler name that is not a generic one)"),
      }),
    )
    .describe('Every audio track, in order; a player plays the first, GET /v1/files/{file_id}/sound any other'),
  subtitle_tracks: z
    .array(
      z.object({
        subtitle_track: z.number().int().describe('1-based among the subtitle streams, as `subtitle_tracks` of POST /v1/edits counts them'),
        codec: z.string(),
        language: z.string().nullable().describe('The track\'s language tag; null when absent or "und"'),
        title: z.string().nullable(),
        is_picture: z.boolean().describe('Made of pictures (Blu-ray PGS, DVD, DVB), not text: only an .mkv cut keeps it'),
      }),
    )
    .describe('Every subtitle track, in order (FFDesk)'),
});
export type KeyframesResponse = z.infer<typeof KeyframesResponse>;

export const TimelineThumbnails = z.object({
  url: z.string().describe('Signed storage URL of one JPEG sprite: tiles left to right, then top to bottom'),
  columns: z.number().int(),
  rows: z.number().int(),
  tile_width: z.number().int(),
  tile_height: z.number().int(),
  count: z.number().int().describe('Tiles actually filled (the last row may be partial)'),
  interval_seconds: z.number().describe('Tile i shows the picture at about i × interval_seconds'),
});

export const TimelineWaveform = z.object({
  peaks: z
    .array(z.number().min(0).max(1))
    .describe('Peak absolute amplitude per bucket, 0..1, of the audio track asked for (`audio_track`, default the first) mixed to mono (at most 4000)'),
  peaks_per_second: z.number().describe('Buckets per second of media'),
});

export const TimelineResponse = z.object({
  file_id: z.string(),
  duration: z.number(),
  thumbnails: TimelineThumbnails.nullable().describe('null without video'),
  waveform: TimelineWaveform.nullable().describe('null without audio'),
});
export type TimelineResponse = z.infer<typeof TimelineResponse>;

export const PROXY_STATUSES = ['NOT_NEEDED', 'PENDING', 'READY', 'FAILED'] as const;
export const ProxyStatus = z.enum(PROXY_STATUSES);
export type ProxyStatus = z.infer<typeof ProxyStatus>;

export const ProxyResponse = z.object({
  status: ProxyStatus.describe('NOT_NEEDED: Chromium plays the original; PENDING: a proxy is being made, ask again; READY: play `url`; FAILED: see `reason`'),
  url: z.string().optional().describe('READY: signed storage URL of a small H.264/AAC MP4 proxy'),
  quick_url: z
    .string()
    .optional()
    .describe(
      "PENDING: signed URL of the original's video (and audio, where Chromium plays it) copied into MP4 without re-encoding, to play until the proxy is READY; frame steps there decode from the keyframe before. Absent where such a copy would not play either (HEVC, ProRes, 10-bit H.264) or until it is made (seconds)",
    ),
  quick_has_sound: z
    .boolean()
    .optional()
    .describe(
      'With quick_url: whether it carries the first audio track (only where MP4 holds it and Chromium plays it: AAC, MP3, Opus, FLAC); if not, play that track from GET /v1/files/{file_id}/sound',
    ),
  reason: z.string().optional().describe('Why a proxy is needed (PENDING/READY) or why it failed (FAILED)'),
  percent: z.number().nullable().optional().describe('PENDING, once the proxy is being made (not while it waits its turn): how far it got, 0 to 100'),
  eta_seconds: z.number().nullable().optional().describe('PENDING: the seconds left at the speed so far, when known'),
});
export type ProxyResponse = z.infer<typeof ProxyResponse>;

/** Local folders (web mode only: the local account on a loopback-bound service). */
export const LocalFoldersQuery = z.object({
  path: z
    .string()
    .max(4096)
    .refine((s) => !s.includes('\0'), 'A path cannot contain a NUL character')
    .optional()
    .describe('Absolute path of a folder inside the home folder; default: the home folder'),
  files: z
    .enum(['media', 'inputs'])
    .optional()
    .describe('"media": list the folder\'s video and audio files too (by extension), after its sub-folders; "inputs": pictures and subtitles as well'),
});

export const LocalFolderEntry = z.object({
  name: z.string(),
  path: z.string(),
  size_bytes: z.number().int().optional().describe('Files only (with files=): the size in bytes; folders carry none'),
});

export const LocalFoldersResponse = z.object({
  path: z.string().describe('The folder listed (real path)'),
  parent: z.string().nullable().describe('Its parent, null at the home folder'),
  home: z.string(),
  entries: z.array(LocalFolderEntry).describe('Sub-folders by name, then (with files=) the files of those kinds by name; hidden ones (leading dot) left out'),
});
export type LocalFoldersResponse = z.infer<typeof LocalFoldersResponse>;

export const SaveToBody = z.object({
  folder: LocalPath.describe('Absolute path of a folder inside the home folder'),
  pattern: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('File name pattern: {name} (output name without extension), {segment} (1-based index), {ext}; default "{name}.{ext}"'),
});

export const SaveToResponse = z.object({
  saved: z.array(z.object({ file_id: z.string(), path: z.string().describe('Where the output was written; never an existing file') })),
});
export type SaveToResponse = z.infer<typeof SaveToResponse>;

export const RevealBody = z.object({ path: LocalPath.describe('A file or folder inside the home folder') });
/** A new folder's name: one plain name (no separators, not `.`/`..`), not hidden (the picker lists no hidden folder). */
export const NewFolderBody = z.object({
  path: LocalPath.describe('The folder to make it in, inside the home folder'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine((s) => isPlainFilename(s) && !s.startsWith('.'), 'A folder name is one name: no / or \\, not starting with a dot'),
});
export const OpenLocalBody = z.object({ path: LocalPath.describe('A media file inside the home folder') });
export const RevealResponse = z.object({ opened: z.string().describe('The folder handed to the desktop') });

/** The audio track a fact is about: loudness, sound, the timeline's waveform. */
export const AudioTrackQuery = z.object({
  audio_track: laxInt(z.number().int().min(1).max(64)).default(1).describe('1-based audio track (ffmpeg `0:a:<track-1>`); default 1'),
});

export const SubtitleTrackQuery = z.object({
  subtitle_track: laxInt(z.number().int().min(1).max(64)).default(1).describe('1-based among the subtitle streams (ffmpeg `0:s:<track-1>`); default 1'),
});

export const SubtitlesResponse = z.object({
  file_id: z.string(),
  subtitle_track: z.number().int(),
  url: z
    .string()
    .describe("Signed URL of the track's text as WebVTT (text/vtt), its times counted from the container's start as the picture's; for a `<track>` element"),
});
export type SubtitlesResponse = z.infer<typeof SubtitlesResponse>;

export const SoundResponse = z.object({
  file_id: z.string(),
  audio_track: z.number().int(),
  status: z.enum(['PENDING', 'READY', 'FAILED']).describe('PENDING: being made, ask again; READY: play `url`; FAILED: see `reason`'),
  url: z
    .string()
    .optional()
    .describe(
      "READY: signed URL of the track's sound alone, an MP4 audio file (the packets copied where Chromium plays them, else AAC), its times counted from the container's start as the picture's",
    ),
  reason: z.string().optional().describe('FAILED: why'),
});
export type SoundResponse = z.infer<typeof SoundResponse>;

/**
 * The first pass of a two-pass EBU R128 normalisation (docs/api.md, "File facts"): what
 * `loudnorm=print_format=json` measured on the track. A second pass gives these as
 * `measured_I`, `measured_TP`, `measured_LRA`, `measured_thresh` with `linear=true`.
 */
export const LoudnessResponse = z.object({
  file_id: z.string(),
  audio_track: z.number().int(),
  input_i: z.number().describe('Integrated loudness, LUFS'),
  input_tp: z.number().describe('True peak, dBTP'),
  input_lra: z.number().describe('Loudness range, LU'),
  input_thresh: z.number().describe('Gating threshold, LUFS'),
});
export type LoudnessResponse = z.infer<typeof LoudnessResponse>;

/** Where one audio track is silent (docs/api.md, "File facts"): the track, and what counts as a silence. */
export const SilencesQuery = AudioTrackQuery.extend({
  noise_db: laxNumber(z.number().min(-90).max(-10)).default(-35).describe('Below this level counts as silence, dBFS (silencedetect `n`); default -35'),
  min_seconds: laxNumber(z.number().min(0.1).max(60)).default(0.5).describe('Shortest silence reported, seconds (silencedetect `d`); default 0.5'),
});

/**
 * The silences of one audio track as ffmpeg's `silencedetect` found them (docs/api.md, "File
 * facts"): where to cut an interview or a podcast in the Cut screen.
 */
export const SilencesResponse = z.object({
  file_id: z.string(),
  audio_track: z.number().int(),
  noise_db: z.number().describe('The level asked for, dBFS'),
  min_seconds: z.number().describe('The shortest silence asked for, seconds'),
  duration: z.number().describe('Seconds of the file'),
  silences: z
    .array(
      z.object({
        start: z.number().describe('Seconds from the start of the file, to the millisecond'),
        end: z.number().describe('Seconds, after `start`; a silence the file ends in ends at `duration`'),
      }),
    )
    .describe('In order, none overlapping, each within 0..`duration`'),
});
export type SilencesResponse = z.infer<typeof SilencesResponse>;
