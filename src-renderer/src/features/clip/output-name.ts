import type { RequestSegment } from './segments';
import { formatTimecode, lastFrameTime } from './timecode';

/**
 * The output name offered for a cut of `source`, in the characters POST /v1/edits accepts
 * (docs/gui.md, "Cut"). A joined cut is named by what it holds, as LosslessCut names its
 * exports: "<stem>-<in>-<last frame>.<ext>" in timecode with dots
 * ("holiday-00.00.02.05-00.00.03.11.mov"), "…-<n>-parts" when it joins several, so two
 * different cuts of one clip never share a name. One file per segment: "<stem>-cut.<ext>",
 * which the service numbers per segment.
 */
export function outputNameOf(source: string | undefined, parts: readonly RequestSegment[] = [], fps = 25, join = true): string {
  const { stem, ext } = partsOf(source);
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!join || !first || !last) return `${stem}-cut.${ext}`;
  const count = parts.length > 1 ? `-${parts.length}-parts` : '';
  return `${stem}-${fileTimecode(first.start, fps)}-${fileTimecode(lastFrameTime(last.end, fps), fps)}${count}.${ext}`;
}

/** A captured frame's name: "<stem>-<timecode>.png" ("holiday-00.00.02.05.png"). */
export function frameNameOf(source: string | undefined, t: number, fps = 25): string {
  return `${partsOf(source).stem}-${fileTimecode(t, fps)}.png`;
}

/** Timecode as a file name holds it: dots for colons. */
const fileTimecode = (t: number, fps: number) => formatTimecode(t, fps).replaceAll(':', '.');

function partsOf(source: string | undefined): { stem: string; ext: string } {
  const name = source ?? 'clip.mp4';
  const dot = name.lastIndexOf('.');
  const stem = ((dot > 0 ? name.slice(0, dot) : name).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._-]+/, '') || 'clip').slice(0, 80);
  const ext = (dot > 0 ? name.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '') : '') || 'mp4';
  return { stem, ext };
}
