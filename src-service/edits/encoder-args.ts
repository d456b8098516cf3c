import { EDIT_DEFAULT_CRF, SAMPLE_EXACT_AUDIO_CODECS, type EditOutput } from '../contract/edits.schema';
import type { AudioFacts, VideoFacts } from './facts';
import { audioCodecFor, holdsAudio, isEncodedPicture, videoCodecFor, type OutputContainer } from './output-container';

/**
 * Encoder arguments of a plan (docs/cutting.md). Smart edges match the source so their
 * frames sit between copied GOPs: same codec, profile, level, pixel format, size (no
 * scaling), a comparable bitrate, and their own parameter sets in-band under another id
 * (x264 `sps-id`), so the copied GOPs keep decoding with the source's avcC.
 */

const H264_PROFILES: Record<string, string> = {
  baseline: 'baseline',
  'constrained baseline': 'baseline',
  main: 'main',
  high: 'high',
  'high 10': 'high10',
  'high 4:2:2': 'high422',
  'high 4:4:4 predictive': 'high444',
};

/** ffprobe's H.264 level number (40) as x264 writes it ("4.0"). */
export function h264Level(level: number | undefined): string | null {
  if (level === undefined || level <= 0) return null;
  return (level / 10).toFixed(1);
}

/**
 * The edges' speed and quality (docs/cutting.md, docs/performance.md "Cutting"): an edge is at
 * most a GOP of frames, and encoding them is what a smart cut costs beyond a lossless one. x264's
 * fastest preset at CRF 18 measures closer to the source than `veryfast` at CRF 16 did (PSNR 56
 * against 50 dB on the bench's 1080p clip) for about twice the bytes of those few frames, at half
 * the CPU. x265's `ultrafast` falls short (an edge frame of the H.265 test source at SSIM 0.95), so
 * H.265 edges keep `veryfast` at CRF 16.
 */
const EDGE = { h264: { preset: 'ultrafast', crf: '18' }, hevc: { preset: 'veryfast', crf: '16' } } as const;

export function smartEdgeArgs(v: VideoFacts): string[] {
  return v.codec === 'hevc' ? hevcEdgeArgs(v) : h264EdgeArgs(v);
}

const HEVC_PROFILES: Record<string, string> = { main: 'main', 'main 10': 'main10', 'main still picture': 'mainstillpicture' };

/** ffprobe's H.265 level number (general_level_idc, 30 × the level: 93) as x265 takes it ("3.1"). */
export function hevcLevel(level: number | undefined): string | null {
  if (level === undefined || level <= 0) return null;
  return String(Math.round((level / 30) * 10) / 10);
}

/**
 * x265 cannot give the edges parameter sets of another id, so every part carries its own
 * in-band: the edges repeat theirs at each keyframe, the copied parts get the source's put back
 * in front of their keyframes (hevc_mp4toannexb: copiedPartArgs), and the MP4 sample entry is
 * `hev1`, which allows parameter sets in-band (docs/cutting.md).
 */
function hevcEdgeArgs(v: VideoFacts): string[] {
  const args = ['-c:v', 'libx265', '-preset', EDGE.hevc.preset];
  const profile = HEVC_PROFILES[(v.profile ?? '').toLowerCase()];
  if (profile) args.push('-profile:v', profile);
  if (v.pixFmt) args.push('-pix_fmt', v.pixFmt);
  args.push('-crf', EDGE.hevc.crf, ...rateCap(v));
  const level = hevcLevel(v.level);
  args.push('-x265-params', `repeat-headers=1:log-level=error${level ? `:level-idc=${level}` : ''}`, '-tag:v', 'hev1');
  return args;
}

/** A copied part: packets as they are; for H.265 the source's parameter sets go in-band before each keyframe. */
export function copiedPartArgs(v: VideoFacts | null): string[] {
  return v?.codec === 'hevc' ? ['-c', 'copy', '-bsf:v', 'hevc_mp4toannexb', '-tag:v', 'hev1'] : ['-c', 'copy'];
}

/** Capped near the source's peak rate so an edge is not much larger than the GOP it replaces. */
function rateCap(v: VideoFacts): string[] {
  if (!v.bitRate || v.bitRate <= 0) return [];
  const kbps = Math.round(v.bitRate / 1000);
  return ['-maxrate', `${kbps * 4}k`, '-bufsize', `${kbps * 8}k`];
}

/**
 * `-profile:v` only caps what x264 uses: it writes the lowest profile its tools need, and
 * `ultrafast` needs Constrained Baseline. So the edge turns on the one tool that makes its
 * parameter sets declare the source's profile: the 8x8 transform for High (no measurable cost at
 * `ultrafast`, docs/performance.md "Cutting"), CABAC for Main. A player that sets its decoder up
 * from the track's profile then meets no other in the stream, and the file's record states it.
 */
const H264_PROFILE_TOOL: Record<string, string> = { main: 'cabac=1', high: '8x8dct=1', high10: '8x8dct=1', high422: '8x8dct=1', high444: '8x8dct=1' };

function h264EdgeArgs(v: VideoFacts): string[] {
  const args = ['-c:v', 'libx264', '-preset', EDGE.h264.preset];
  const profile = H264_PROFILES[(v.profile ?? '').toLowerCase()];
  if (profile) args.push('-profile:v', profile);
  const level = h264Level(v.level);
  if (level) args.push('-level:v', level);
  if (v.pixFmt) args.push('-pix_fmt', v.pixFmt);
  // Quality, not a bitrate target: an edge may be one frame long, and an average bitrate over
  // one IDR frame starves it. Capped near the source's peak rate so an edge is not much larger
  // than the GOP it replaces.
  args.push('-crf', EDGE.h264.crf, ...rateCap(v));
  const tool = profile ? H264_PROFILE_TOOL[profile] : undefined;
  args.push('-x264-params', `sps-id=1:repeat-headers=1${tool ? `:${tool}` : ''}`);
  return args;
}

const ENCODERS = { h264: 'libx264', hevc: 'libx265', vp9: 'libvpx-vp9', av1: 'libsvtav1' } as const;

/**
 * The reencode mode's (and a smart fallback's) video encoder: the output's options, else the
 * source's codec when it is one of ours and the container holds it, else the container's first
 * choice (H.264; VP9 for WebM). A GIF's parts are kept lossless (H.264 at QP 0): the join
 * encodes the GIF from them with one palette for the whole cut (GIF_JOIN_ARGS).
 */
export function reencodeVideoArgs(v: VideoFacts, out: EditOutput, container: OutputContainer): string[] {
  if (isEncodedPicture(container)) return ['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0'];
  const codec = out.video_codec ?? videoCodecFor(container, v.codec in ENCODERS ? v.codec : undefined) ?? 'h264';
  const crf = String(out.crf ?? EDIT_DEFAULT_CRF[codec]);
  const args = ['-c:v', ENCODERS[codec], '-crf', crf];
  if (codec === 'h264') args.push('-preset', out.preset ?? 'medium', '-x264-params', 'repeat-headers=1');
  if (codec === 'hevc') args.push('-preset', out.preset ?? 'medium', '-x265-params', 'repeat-headers=1:log-level=error');
  if (codec === 'vp9') args.push('-b:v', '0', '-row-mt', '1');
  return args;
}

/**
 * The re-encoded picture's size: at most `max_height` lines as shown (after the rotation is
 * applied), the shape kept and the width rounded to even; a smaller picture keeps its size
 * (docs/cutting.md, "Size and quality"). No filter without `max_height`.
 */
export function sizeFilters(out: Pick<EditOutput, 'max_height'>): string[] {
  return out.max_height === undefined ? [] : [`scale=w=-2:h='min(${out.max_height},ih)':flags=lanczos`];
}

/** A GIF's frame rate: at most `max_fps`, a slower source keeping its own (the fps filter would add frames to it). */
function gifRateFilters(out: Pick<EditOutput, 'max_fps'>, sourceFps: number | undefined): string[] {
  const fps = out.max_fps;
  return fps === undefined || (sourceFps !== undefined && sourceFps > 0 && sourceFps <= fps) ? [] : [`fps=${fps}`];
}

/**
 * The join of a GIF or a still image, at the output's size (sizeFilters). A GIF: its frame rate
 * (gifRateFilters), then one palette made from every frame of the cut, then applied (what the
 * convert panel's GIF does). An image: the cut's first frame, PNG as it is, JPEG at full range and
 * high quality (the MJPEG encoder refuses limited-range YUV).
 */
export function pictureJoinArgs(container: OutputContainer, out: Pick<EditOutput, 'max_height' | 'max_fps'>, sourceFps: number | undefined): string[] {
  const size = sizeFilters(out);
  if (container.isGif) {
    const before = [...gifRateFilters(out, sourceFps), ...size].map((f) => `${f},`).join('');
    return ['-vf', `${before}split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5`, '-c:v', 'gif'];
  }
  const still = ['-frames:v', '1', '-update', '1', ...(size.length > 0 ? ['-vf', size.join(',')] : [])];
  return container.ext === 'png' ? ['-c:v', 'png', ...still] : ['-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', '2', ...still];
}

const AUDIO_ENCODERS: Record<string, string> = {
  aac: 'aac',
  mp3: 'libmp3lame',
  opus: 'libopus',
  flac: 'flac',
  vorbis: 'libvorbis',
  ac3: 'ac3',
  pcm: 'pcm_s16le',
};

/**
 * The joined audio: copied (lossless), the source's codec at its bitrate (smart), or the
 * output's choice (reencode); where the container cannot hold that codec, its own first choice
 * (AAC; Opus for WebM; MP3 for .mp3; PCM for .wav …).
 */
export function finalAudioArgs(mode: 'copy' | 'match' | 'choose', a: AudioFacts, out: EditOutput, container: OutputContainer): string[] {
  if (mode === 'copy') return ['-c:a', 'copy'];
  const matched = mode === 'match' && holdsAudio(container, a.codec) ? AUDIO_ENCODERS[a.codec] : undefined;
  const chosen = (mode === 'choose' ? out.audio_codec : undefined) ?? audioCodecFor(container, mode === 'match' ? a.codec : 'aac');
  const picked = matched ?? AUDIO_ENCODERS[chosen ?? 'aac'] ?? 'aac';
  // PCM keeps the source's own PCM (its bit depth): an exact cut of a 24-bit WAV came out 16-bit.
  const keepsPcm = picked.startsWith('pcm_') && a.codec.startsWith('pcm_') && SAMPLE_EXACT_AUDIO_CODECS.includes(a.codec) && holdsAudio(container, a.codec);
  const codec = keepsPcm ? a.codec : picked;
  const lossless = codec === 'flac' || codec.startsWith('pcm_');
  const bitrate = a.bitRate && a.bitRate > 0 ? `${Math.round(a.bitRate / 1000)}k` : '192k';
  return lossless ? ['-c:a', codec] : ['-c:a', codec, '-b:a', bitrate];
}
