/**
 * The convert panel's choices → ffmpeg argument text. Pure: no React, no I/O, so every
 * combination is tested on tables (convert-args.test.ts). The text it writes follows the
 * templates' rule: filter graphs carry no spaces, so the command needs no quoting.
 */
import { CONTAINERS, codecLabel, codecsFor, hardwareFamily, type Container, type VideoCodec } from './convert-formats';

export type { Container, VideoCodec };

export interface Crop {
  width: number;
  height: number;
  x: number;
  y: number;
}

export interface ConvertChoices {
  container: Container;
  videoCodec: VideoCodec;
  /** 0 = smallest file … 100 = best quality. */
  quality: number;
  /** Output picture height before rotating; 0 = as the source. Width follows (aspect kept). */
  height: number;
  crop: Crop | null;
  rotate: 0 | 90 | 180 | 270;
  flipH: boolean;
  flipV: boolean;
  /** Frames per second; 0 = as the source (a GIF defaults to 12). */
  fps: number;
  /** 1-based audio track of the input. */
  audioTrack: number;
  mute: boolean;
  /** Loudness target in LUFS (EBU R128), or null for none. */
  loudness: number | null;
  subtitles: 'none' | 'burn' | 'keep';
  /**
   * Part of the input, in seconds of it, as HandBrake's range: from `start` (absent or null: the
   * beginning) to `end` (absent or null: the end). Read with input seeking, so a range late in a
   * long file starts at once.
   */
  start?: number | null;
  end?: number | null;
  /**
   * The first pass of the loudness normalisation: what the service measured on the chosen
   * track (GET /v1/files/{id}/loudness). With it the command is the second pass; without it
   * (an input that is not a stored file, or still being measured) one pass.
   */
  measured?: LoudnessMeasured | null;
}

export interface LoudnessMeasured {
  /** The stored file and track measured, so a change of input or track is not given stale values. */
  fileId: string;
  track: number;
  i: number;
  tp: number;
  lra: number;
  thresh: number;
}

export const DEFAULT_CHOICES: ConvertChoices = {
  container: 'mp4',
  videoCodec: 'h264',
  quality: 60,
  height: 0,
  crop: null,
  rotate: 0,
  flipH: false,
  flipV: false,
  fps: 0,
  audioTrack: 1,
  mute: false,
  loudness: null,
  subtitles: 'none',
};

export const GIF_DEFAULT_FPS = 12;

export interface ConvertArgs {
  /** The arguments, with `{{in}}` and `{{out}}` as the given aliases. */
  command: string;
  /** The output file extension (without the dot). */
  extension: string;
  /** Choices that had no effect, in an editor's words. */
  notes: string[];
}

const lerp = (lo: number, hi: number, quality: number) => Math.round(lo + ((hi - lo) * quality) / 100);

/** Video encoder options for a codec at a quality. CRF scales go "lower is better", so the slider runs them backwards. */
export function videoEncoderArgs(codec: VideoCodec, quality: number, container: Container): string {
  const q = Math.min(100, Math.max(0, quality));
  switch (codec) {
    case 'h264':
      return `-c:v libx264 -preset medium -crf ${lerp(34, 16, q)} -pix_fmt yuv420p`;
    case 'h265':
      return `-c:v libx265 -preset medium -crf ${lerp(36, 18, q)} -pix_fmt yuv420p${container === 'mp4' || container === 'mov' ? ' -tag:v hvc1' : ''}`;
    case 'av1':
      return `-c:v libsvtav1 -preset 8 -crf ${lerp(50, 22, q)} -pix_fmt yuv420p`;
    case 'vp9':
      return `-c:v libvpx-vp9 -crf ${lerp(48, 18, q)} -b:v 0 -deadline good -cpu-used 4 -row-mt 1 -pix_fmt yuv420p`;
    case 'prores':
      return `-c:v prores_ks -profile:v ${proresProfile(q)} -pix_fmt yuv422p10le`;
    case 'copy':
      return '-c:v copy';
    default:
      // A hardware encoder (h264_nvenc, hevc_qsv …): every one takes a target bitrate.
      return `-c:v ${codec} -b:v ${hardwareBitrateK(q)}k${codec.endsWith('_qsv') ? ' -pix_fmt nv12' : ' -pix_fmt yuv420p'}`;
  }
}

/** ProRes profiles: 0 Proxy, 1 LT, 2 standard, 3 HQ. */
export function proresProfile(quality: number): 0 | 1 | 2 | 3 {
  return quality < 25 ? 0 : quality < 50 ? 1 : quality < 80 ? 2 : 3;
}

/** The bitrate a hardware encoder is given (1080p-ish; kbit/s). */
export function hardwareBitrateK(quality: number): number {
  return lerp(1500, 12000, quality);
}

function audioEncoderArgs(container: Container, quality: number, copyAudio: boolean): string {
  if (copyAudio) return '-c:a copy';
  switch (container) {
    case 'webm':
      return `-c:a libopus -b:a ${lerp(64, 192, quality)}k`;
    case 'mp3':
      return `-c:a libmp3lame -q:a ${lerp(7, 0, quality)}`;
    case 'wav':
      return '-c:a pcm_s16le';
    default:
      return `-c:a aac -b:a ${lerp(96, 256, quality)}k`;
  }
}

/** The source picture's size as shown (lib/media.ts, shownSize), and its sound's channels, where known. */
export interface PictureSize {
  width?: number;
  height?: number;
  channels?: number;
}

/**
 * Sound of more than two channels (a film's 5.1) is mixed down to stereo, as HandBrake's presets
 * do: stereo plays everywhere, and ffmpeg's AAC wrote a 5.1(side) source as six channels of an
 * unknown layout, which players and a later AAC encode refused. WAV keeps every channel (it is for
 * editing), and MP3 holds two at most anyway.
 */
function mixesToStereo(container: Container, channels: number | undefined): boolean {
  return channels !== undefined && channels > 2 && container !== 'wav' && container !== 'mp3';
}

/**
 * Whether the picture reaching the scale (cropped, else the source as shown) is taller than
 * wide: a phone's portrait video. Its "720p" is then 720 wide (720 × 1280), as phones and
 * YouTube count a portrait video's resolution by its short side; by the height it came out
 * 406 × 720, far smaller than the editor asked for.
 */
export function isTallPicture(c: Pick<ConvertChoices, 'crop'>, source: PictureSize = {}): boolean {
  const w = c.crop ? c.crop.width : source.width;
  const h = c.crop ? c.crop.height : source.height;
  return w !== undefined && h !== undefined && h > w;
}

/**
 * The short side the picture is scaled to: the resolution chosen, where the picture reaching the
 * scale (cropped, else the source) is bigger; 0, no scale, where it is that size or smaller,
 * as HandBrake's presets never enlarge ("Web MP4, 1080p" made a 720p clip 1920 × 1080, a bigger
 * file with no more detail). Unknown size (a URL not probed): the resolution chosen.
 */
export function scaleTarget(c: Pick<ConvertChoices, 'height' | 'crop'>, source: PictureSize = {}): number {
  if (!(c.height > 0)) return 0;
  const w = c.crop ? c.crop.width : source.width;
  const h = c.crop ? c.crop.height : source.height;
  return w === undefined || h === undefined || Math.min(w, h) > c.height ? c.height : 0;
}

/** The picture filters, in the order they apply: crop, scale, rotate, flip, frame rate, burned subtitles. */
export function videoFilters(c: ConvertChoices, inAlias: string, source: PictureSize = {}): string[] {
  const filters: string[] = [];
  if (c.crop) filters.push(`crop=${c.crop.width}:${c.crop.height}:${c.crop.x}:${c.crop.y}`);
  const height = scaleTarget(c, source);
  if (height > 0) {
    // The short side is the resolution's number (isTallPicture); the other side keeps the aspect.
    const [w, h] = isTallPicture(c, source) ? [String(height), c.container === 'gif' ? '-1' : '-2'] : [c.container === 'gif' ? '-1' : '-2', String(height)];
    filters.push(c.container === 'gif' ? `scale=${w}:${h}:flags=lanczos` : `scale=${w}:${h}`);
  }
  if (c.rotate === 90) filters.push('transpose=1');
  if (c.rotate === 270) filters.push('transpose=2');
  if (c.rotate === 180) filters.push('hflip,vflip');
  if (c.flipH) filters.push('hflip');
  if (c.flipV) filters.push('vflip');
  const fps = c.fps > 0 ? c.fps : c.container === 'gif' ? GIF_DEFAULT_FPS : 0;
  if (fps > 0) filters.push(`fps=${fps}`);
  if (c.subtitles === 'burn' && c.container !== 'gif') {
    // The input is read from the range's start, so its times start at 0: the subtitles are drawn at their own times.
    const from = rangeOf(c).start;
    filters.push(from > 0 ? `setpts=PTS+${from}/TB,subtitles={{${inAlias}}},setpts=PTS-STARTPTS` : `subtitles={{${inAlias}}}`);
  }
  return filters;
}

/** The range's start (0 when none) and length (null: to the end); an end at or before the start is no range's end. */
export function rangeOf(c: Pick<ConvertChoices, 'start' | 'end'>): { start: number; length: number | null } {
  const start = c.start && c.start > 0 ? c.start : 0;
  const length = c.end !== undefined && c.end !== null && c.end > start ? c.end - start : null;
  return { start, length };
}

/** `-ss` and `-t` before the input (input seeking: exact when encoding, and quick however far in). */
function rangeArgs(c: ConvertChoices): string[] {
  const { start, length } = rangeOf(c);
  return [...(start > 0 ? [`-ss ${seconds(start)}`] : []), ...(length !== null ? [`-t ${seconds(length)}`] : [])];
}

const seconds = (t: number) => String(Math.round(t * 1000) / 1000);

/** GIF: one filter graph that makes its own palette (palettegen) and uses it (paletteuse). */
function gifArgs(c: ConvertChoices, inAlias: string, source: PictureSize): string {
  const colors = lerp(32, 256, c.quality);
  const dither = c.quality >= 50 ? 'sierra2_4a' : 'bayer:bayer_scale=3';
  const chain = [...videoFilters(c, inAlias, source), 'split[a][b]'].join(',');
  return `-vf ${chain};[a]palettegen=max_colors=${colors}:stats_mode=diff[p];[b][p]paletteuse=dither=${dither} -loop 0`;
}

/**
 * Loudness normalisation (EBU R128), resampled back from loudnorm's 192 kHz with `-ar`. With
 * the first pass's measurements it is the second pass: `linear=true` applies one gain to the
 * whole track, so the result lands on the target (loudnorm falls back to its dynamic mode
 * when that gain would push the true peak over -1.5 dBTP). Without them, one dynamic pass.
 * The target range is never below the source's: a narrower one would also force the dynamic mode.
 */
export function loudnessArgs(lufs: number, measured?: LoudnessMeasured | null): string {
  if (!measured) return `-af loudnorm=I=${lufs}:TP=-1.5:LRA=11 -ar 48000`;
  const lra = Math.min(50, Math.max(11, Math.ceil(measured.lra)));
  const m = `measured_I=${measured.i}:measured_TP=${measured.tp}:measured_LRA=${measured.lra}:measured_thresh=${measured.thresh}`;
  return `-af loudnorm=I=${lufs}:TP=-1.5:LRA=${lra}:${m}:linear=true -ar 48000`;
}

/** The measurement fits these choices: same track (the caller checks the file). */
function measuredFor(c: ConvertChoices): LoudnessMeasured | null {
  return c.measured && c.measured.track === Math.max(1, Math.round(c.audioTrack)) ? c.measured : null;
}

export function isAudioOnly(container: Container): boolean {
  return CONTAINERS[container].kind === 'audio';
}

/** The arguments for the choices, reading `inAlias` and writing `outAlias`; `source` is the input picture's size as shown, where known. */
export function convertArgs(c: ConvertChoices, inAlias = 'in_1', outAlias = 'out_1', source: PictureSize = {}): ConvertArgs {
  const notes: string[] = [];
  const kind = CONTAINERS[c.container].kind;
  const fits = codecsFor(c.container).includes(c.videoCodec) || codecsFor(c.container).includes(hardwareFamily(c.videoCodec));
  const codec = kind === 'video' && fits ? c.videoCodec : codecsFor(c.container)[0];
  if (kind === 'video' && codec !== c.videoCodec)
    notes.push(`${codecLabel(c.videoCodec)} does not fit in ${CONTAINERS[c.container].label}; using ${codecLabel(codec!)}.`);
  const parts: string[] = [...rangeArgs(c), `-i {{${inAlias}}}`];

  if (kind === 'gif') {
    parts.push(gifArgs(c, inAlias, source));
    if (c.loudness !== null || c.mute) notes.push('A GIF has no sound.');
  } else {
    const track = Math.max(1, Math.round(c.audioTrack));
    const hasAudio = !c.mute;
    if (kind === 'video') parts.push('-map 0:v:0');
    if (hasAudio) parts.push(`-map 0:a:${track - 1}?`);
    if (kind === 'video' && c.subtitles === 'keep') parts.push('-map 0:s?');
    if (kind === 'video') {
      const filters = videoFilters(c, inAlias, source);
      if (codec === 'copy' && filters.length > 0)
        notes.push('Copying the video keeps the picture as it is: resolution, crop, rotation, frame rate and burned subtitles need an encoder.');
      else if (filters.length > 0) parts.push(`-vf ${filters.join(',')}`);
      parts.push(videoEncoderArgs(codec!, c.quality, c.container));
    } else parts.push('-vn');
    if (hasAudio) {
      if (c.loudness !== null) parts.push(loudnessArgs(c.loudness, measuredFor(c)));
      const copyAudio = codec === 'copy' && c.loudness === null;
      parts.push(audioEncoderArgs(c.container, c.quality, copyAudio));
      if (!copyAudio && mixesToStereo(c.container, source.channels)) {
        parts.push('-ac 2');
        notes.push(`Sound: the source's ${source.channels} channels are mixed down to stereo, which plays everywhere.`);
      }
    } else {
      parts.push('-an');
      if (kind === 'audio') notes.push('Muted: the audio file will hold no sound.');
    }
    if (kind === 'video' && c.subtitles === 'keep') parts.push(`-c:s ${subtitleCodec(c.container)}`);
    if (c.container === 'mp4' || c.container === 'mov' || c.container === 'm4a') parts.push('-movflags +faststart');
  }
  parts.push(`{{${outAlias}}}`);
  return { command: parts.join(' '), extension: CONTAINERS[c.container].extension, notes };
}

function subtitleCodec(container: Container): string {
  if (container === 'mkv') return 'copy';
  if (container === 'webm') return 'webvtt';
  return 'mov_text';
}
