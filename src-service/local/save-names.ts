import { isPlainFilename } from '../contract/names';

export const DEFAULT_PATTERN = '{name}.{ext}';
const PLACEHOLDER = /\{(\w*)\}/g;
const KNOWN = new Set(['name', 'segment', 'ext']);

/** The placeholders of a pattern that are not {name}, {segment} or {ext}. Pure. */
export function unknownPlaceholders(pattern: string): string[] {
  return [...pattern.matchAll(PLACEHOLDER)].map((m) => m[0]).filter((p) => !KNOWN.has(p.slice(1, -1)));
}

/** The file name a pattern gives one output (`segment` is 1-based); null when it is not a plain name. Pure. */
export function nameFromPattern(pattern: string, outputName: string, segment: number): string | null {
  const dot = outputName.lastIndexOf('.');
  const stem = dot > 0 ? outputName.slice(0, dot) : outputName;
  const ext = dot > 0 ? outputName.slice(dot + 1) : '';
  const values: Record<string, string> = { name: stem, segment: String(segment), ext };
  const name = pattern
    .replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole)
    .replace(/\.$/, '')
    .trim();
  return name !== '' && name.length <= 255 && isPlainFilename(name) ? name : null;
}

/** "clip.mp4", then "clip (1).mp4", "clip (2).mp4"…: never an existing file's name. Pure. */
export function numberedName(name: string, n: number): string {
  if (n === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}
