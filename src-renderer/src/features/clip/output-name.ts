import { safeStem } from '../../lib/output-stem';
import type { RequestSegment } from './segments';
import { formatTimecode, losslessStart, shownOut } from './timecode';
import { MAX_OUTPUT_NAME, OUTPUT_NAME } from '../../../../src-service/contract/names';

/**
 * The output name offered for a cut of `source`, in the characters POST /v1/edits accepts
 * (docs/gui.md, "Cut"). A joined cut is named by what it holds, as LosslessCut names its
 * exports: "<stem>-<in>-<last frame>.<ext>" in timecode with dots
 * ("holiday-00.00.02.05-00.00.03.11.mov"), "…-<n>-parts" when it joins several, so two
 * different cuts of one clip never share a name; segments removed name what is taken out,
 * "<stem>-without-<in>-<last frame>.<ext>" (`removed`). One file per segment: "<stem>.<ext>", the base
 * each segment's file is named from (segmentNamesOf). Nothing marked yet: "<stem>-cut.<ext>".
 */
export function outputNameOf(
  source: string | undefined,
  parts: readonly RequestSegment[] = [],
  fps = 25,
  join = true,
  sound = false,
  removed: readonly RequestSegment[] = [],
): string {
  const { stem, ext } = partsOf(source);
  if (parts.length === 0) return `${stem}-cut.${ext}`;
  if (!join) return `${stem}.${ext}`;
  // Segments removed (X): named by what is taken out, "<stem>-without-<in>-<out>". The span of what is
  // kept, "…-00.00.00.000-00.00.12.042-2-parts", read as the whole file.
  if (removed.length > 0) {
    const [first, ...more] = [...removed].sort((a, b) => a.start - b.start);
    return `${stem}-without-${spanName(first!.start, first!.end, fps, sound)}${more.length > 0 ? `-and-${more.length}-more` : ''}.${ext}`;
  }
  const count = parts.length > 1 ? `-${parts.length}-parts` : '';
  // The span of the source the parts come from, whatever their order: segments reordered (Alt+↑/↓)
  // named it backwards from the first's start to the last's end ("…-00.00.18.00-00.00.09.28-…").
  const from = Math.min(...parts.map((p) => p.start));
  const to = Math.max(...parts.map((p) => p.end));
  return `${stem}-${spanName(from, to, fps, sound)}${count}.${ext}`;
}

/**
 * One file per segment: each segment's file, named from `base` (the name field) as a joined cut
 * of that segment alone is named, "<stem>-<in>-<last frame>.<ext>", or "<stem>-<name>.<ext>" for
 * a segment the editor named; a name met before gets "-2", "-3"… (compared without case, as
 * macOS and Windows compare file names). Sent as each segment's `filename` (docs/cutting.md).
 */
export function segmentNamesOf(base: string, parts: readonly RequestSegment[], fps = 25, sound = false): string[] {
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  const seen = new Set<string>();
  return parts.map((p) => {
    const label = p.name ? safeStem(p.name) : '';
    const wanted = `${stem}-${label || spanName(p.start, p.end, fps, sound)}`;
    let name = `${wanted}${ext}`;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${wanted}-${n}${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** "00.00.02.05-00.00.03.10": the first frame and the last frame kept (a sound's "00.00.02.050-00.00.03.409"). */
const spanName = (start: number, end: number, fps: number, sound: boolean) =>
  `${fileTimecode(start, fps, sound)}-${fileTimecode(shownOut(end, fps, sound), fps, sound)}`;

/** A captured frame's name: "<stem>-<timecode>.png" ("holiday-00.00.02.05.png"). */
export function frameNameOf(source: string | undefined, t: number, fps = 25): string {
  return `${partsOf(source).stem}-${fileTimecode(t, fps)}.png`;
}

/** Timecode as a file name holds it: dots for colons. */
const fileTimecode = (t: number, fps: number, sound = false) => formatTimecode(t, fps, sound).replaceAll(':', '.');

function partsOf(source: string | undefined): { stem: string; ext: string } {
  const name = source ?? 'clip.mp4';
  const dot = name.lastIndexOf('.');
  const stem = safeStem(dot > 0 ? name.slice(0, dot) : name) || 'clip';
  const ext = (dot > 0 ? name.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '') : '') || 'mp4';
  return { stem, ext };
}

/**
 * Why a typed file name cannot be sent (the contract's rule for output names), in the editor's
 * words and before E, with the name it would take instead; null when it can. A name with spaces or
 * accents is normal on a desktop: the service stores outputs under plain names, and Save to's name
 * pattern writes the copy with any name.
 */
export function nameProblem(name: string): string | null {
  if (name.length > MAX_OUTPUT_NAME) return `The file name is longer than ${MAX_OUTPUT_NAME} characters.`;
  if (OUTPUT_NAME.test(name)) return null;
  const { stem, ext } = partsOf(name);
  return `A file name here holds letters, digits, _, - and dots only (${stem}.${ext} would do); Save to's name pattern may use any.`;
}

/**
 * A lossless cut's parts as the files hold them, to name them by it: each starts at the keyframe
 * at or before its in point, where the copy starts (docs/cutting.md, "The modes"). A file named
 * `…-00.00.03.00-…` held from 0:00 when the keyframe was there.
 */
export function copiedParts<T extends { start: number }>(parts: readonly T[], keyframes: readonly number[], fps: number): T[] {
  return parts.map((p) => {
    const early = losslessStart(keyframes, p.start, fps);
    return early ? { ...p, start: early.keyframe } : p;
  });
}
