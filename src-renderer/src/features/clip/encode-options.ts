import { EDIT_DEFAULT_CRF, type EditOutput } from '../../../../src-service/contract/edits.schema';
import { containerOf, hasVideo, isEncodedPicture, videoCodecFor } from '../../../../src-service/edits/output-container';
import type { EditMode } from './clip-api';

/**
 * The size, quality and GIF rate of an export that encodes the picture (docs/cutting.md, "Size
 * and quality"): what the clip view offers, and the `output` fields of POST /v1/edits it sends.
 */

export type Quality = 'high' | 'standard' | 'small';

/** The three steps, counted from the codec's own default CRF (docs/cutting.md, "Size and quality"). */
export const QUALITIES: { quality: Quality; label: string; step: number }[] = [
  { quality: 'high', label: 'High — looks as the source, biggest file', step: 0 },
  { quality: 'standard', label: 'Standard — smaller, good for most uses', step: 5 },
  { quality: 'small', label: 'Small file — for sharing, a softer picture', step: 10 },
];

export interface EncodeChoices {
  /** The picture's short side at most ("720p"); AS_SOURCE: the source's size, chosen; null: the default (shortSideOf). */
  shortSide: number | null;
  quality: Quality;
  /** A GIF's frames a second at most; null: the source's rate. */
  gifFps: number | null;
}

/** What a new clip view starts with: a GIF at 480p and 12 fps (as the convert panel's GIF), the rest as the source. */
export const DEFAULT_ENCODE: EncodeChoices = { shortSide: null, quality: 'high', gifFps: 12 };
const GIF_DEFAULT_SHORT_SIDE = 480;
/**
 * "As the source", chosen: a GIF's null is its 480p default, so choosing the source's size for a
 * GIF of a 1080p clip fell back to 480p, whatever the Size field was set to.
 */
export const AS_SOURCE = 0;

/** Which of the fields apply: the size where the picture is encoded whole, the quality for a video re-encode, the rate for a GIF. */
export function encodeFieldsOf(mode: EditMode, filename: string): { size: boolean; quality: boolean; frameRate: boolean } {
  const c = containerOf(filename);
  if (!c || !hasVideo(c)) return { size: false, quality: false, frameRate: false };
  const picture = isEncodedPicture(c);
  return { size: mode === 'reencode' || picture, quality: mode === 'reencode' && !picture, frameRate: c.isGif === true };
}

export interface PictureSize {
  /** As shown (a portrait phone video: 1080 × 1920). */
  width: number;
  height: number;
}

const SHORT_SIDES = [2160, 1440, 1080, 720, 480, 360, 240];
const even = (x: number) => 2 * Math.round(x / 2);

/** The height to send for a short side: the short side itself for a wide picture, its long side for a tall one. */
export function maxHeightFor(shortSide: number, source: PictureSize): number {
  return source.height > source.width ? even((shortSide * source.height) / source.width) : shortSide;
}

/** The size ffmpeg's `scale=-2:h` gives (the width rounded to even, as the service asks). */
export function scaledSize(source: PictureSize, maxHeight: number): PictureSize {
  const height = Math.min(maxHeight, source.height);
  return height === source.height ? source : { width: even((height * source.width) / source.height), height };
}

/** The sizes smaller than the source, labelled as editors say them and with the pixels they give ("720p — 1280 × 720"). */
export function sizeChoices(source: PictureSize | null): { shortSide: number; label: string }[] {
  const short = source ? Math.min(source.width, source.height) : Infinity;
  return SHORT_SIDES.filter((s) => s < short).map((s) => {
    if (!source) return { shortSide: s, label: `${s}p` };
    const size = scaledSize(source, maxHeightFor(s, source));
    return { shortSide: s, label: `${s}p — ${size.width} × ${size.height}` };
  });
}

/**
 * The size after the one shown, for the R key: the source's, then each smaller step, then the
 * source's again (as M goes round the modes).
 */
export function nextShortSide(choices: EncodeChoices, filename: string, source: PictureSize | null): number {
  const order = [AS_SOURCE, ...sizeChoices(source).map((s) => s.shortSide)];
  const at = order.indexOf(shortSideOf(choices, filename, source) ?? AS_SOURCE);
  return order[(at + 1) % order.length]!;
}

/**
 * Why R (size) or Q (quality) does nothing to this export, in the editor's words; null where it
 * applies (encodeFieldsOf).
 */
export function encodeKeyRefusal(key: 'R' | 'Q', mode: EditMode, filename: string, soundOnly: boolean): string | null {
  const fields = encodeFieldsOf(mode, filename);
  if (key === 'R' ? fields.size : fields.quality) return null;
  const what = key === 'R' ? 'the size of the picture' : 'the quality of the picture';
  if (soundOnly) return `${key} sets ${what}, and this file has none.`;
  const c = containerOf(filename);
  if (!c || !hasVideo(c)) return `${key} sets ${what}, and a .${filename.split('.').pop()} file holds sound only.`;
  if (key === 'Q' && isEncodedPicture(c))
    return `Q sets the quality of a video re-encode: a ${c.isGif ? 'GIF' : 'still'} has a size (R)${c.isGif ? ' and a frame rate' : ''}.`;
  return `${key} sets ${what} of a re-encode: a ${mode} cut keeps the source's frames. M switches to Re-encode.`;
}

/** The quality after the one chosen, for the Q key: High, Standard, Small file, High… */
export function nextQuality(quality: Quality): Quality {
  return QUALITIES[(QUALITIES.findIndex((q) => q.quality === quality) + 1) % QUALITIES.length]!.quality;
}

/** The short side an export uses: the one chosen, else a GIF's default where the source is bigger, else none. */
export function shortSideOf(choices: EncodeChoices, filename: string, source: PictureSize | null): number | null {
  if (choices.shortSide === AS_SOURCE) return null;
  if (choices.shortSide !== null) return choices.shortSide;
  const isGif = containerOf(filename)?.isGif === true;
  return isGif && (!source || Math.min(source.width, source.height) > GIF_DEFAULT_SHORT_SIDE) ? GIF_DEFAULT_SHORT_SIDE : null;
}

/**
 * The `output` fields of the edit: `max_height`, `crf` (the step above the default of the codec
 * the service will choose: the source's where the container holds it, else the container's
 * first), `max_fps`; only those that apply (the service refuses the others with a 422).
 */
export function encodeOutputOf(
  choices: EncodeChoices,
  mode: EditMode,
  filename: string,
  source: (PictureSize & { codec?: string | undefined }) | null,
): Pick<EditOutput, 'max_height' | 'crf' | 'max_fps'> {
  const fields = encodeFieldsOf(mode, filename);
  const out: Pick<EditOutput, 'max_height' | 'crf' | 'max_fps'> = {};
  const shortSide = fields.size ? shortSideOf(choices, filename, source) : null;
  if (shortSide !== null) out.max_height = source ? maxHeightFor(shortSide, source) : shortSide;
  const step = QUALITIES.find((q) => q.quality === choices.quality)?.step ?? 0;
  if (fields.quality && step > 0) {
    const c = containerOf(filename)!;
    const sourceCodec = source?.codec !== undefined && source.codec in EDIT_DEFAULT_CRF ? source.codec : undefined;
    out.crf = EDIT_DEFAULT_CRF[videoCodecFor(c, sourceCodec) ?? 'h264'] + step;
  }
  if (fields.frameRate && choices.gifFps !== null) out.max_fps = choices.gifFps;
  return out;
}
