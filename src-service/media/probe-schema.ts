import { z } from 'zod';

/**
 * The parts of `ffprobe -print_format json -show_format -show_streams` that the mapping
 * reads (conventions rule 2: a schema at the boundary). ffprobe omits what it does not
 * know, and versions differ in whether a number is printed as a string, so every field is
 * optional, numbers are accepted as either, and unknown keys pass through untouched.
 */
const numberLike = z.union([z.number(), z.string()]).optional();
const text = z.string().optional();

export const ProbeStreamSchema = z.looseObject({
  index: numberLike,
  codec_name: text,
  codec_type: text,
  profile: numberLike,
  level: numberLike,
  width: numberLike,
  height: numberLike,
  pix_fmt: text,
  r_frame_rate: text,
  avg_frame_rate: text,
  time_base: text,
  duration: numberLike,
  bit_rate: numberLike,
  nb_frames: numberLike,
  sample_rate: numberLike,
  channels: numberLike,
  disposition: z.looseObject({ attached_pic: numberLike }).optional(),
  tags: z.record(z.string(), z.unknown()).optional(),
  /** A phone's display matrix: `rotation` in degrees (ffprobe 5 and later; older ones write `tags.rotate`). */
  side_data_list: z.array(z.looseObject({ rotation: numberLike })).optional(),
});

export const ProbeFormatSchema = z.looseObject({
  filename: text,
  nb_streams: numberLike,
  format_name: text,
  duration: numberLike,
  size: numberLike,
  bit_rate: numberLike,
  tags: z.record(z.string(), z.unknown()).optional(),
});

export const ProbeResultSchema = z.looseObject({
  streams: z.array(ProbeStreamSchema).optional(),
  format: ProbeFormatSchema.optional(),
});

export type ProbeStream = z.infer<typeof ProbeStreamSchema>;
export type ProbeFormat = z.infer<typeof ProbeFormatSchema>;
export type ProbeResult = z.infer<typeof ProbeResultSchema>;

/** A finite number from an ffprobe value ("44100", 44100); null for absent, "N/A" or garbage. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** "30000/1001" -> 29.97...; null for "0/0", absent or garbage. */
export function parseFraction(value: string | undefined): number | null {
  if (!value) return null;
  const [num, den = '1'] = value.split('/');
  const n = Number(num) / Number(den);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * Whether a video stream is shown a quarter turn from how it is stored (a phone held upright
 * records 1920×1080 with a 90° display matrix): its displayed width and height are then swapped.
 */
export function isQuarterTurned(stream: ProbeStream | null | undefined): boolean {
  const fromMatrix = stream?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const degrees = toNumber(fromMatrix) ?? toNumber(stream?.tags?.rotate) ?? 0;
  return Math.abs(Math.round(degrees)) % 180 === 90;
}
