/**
 * Which kinds of stored file a command (or preset) can read for one input, so pickers offer
 * only those (docs/gui.md, "Pickers"). A preset input that declares its kinds
 * (`"kinds": ["video"]`) is taken at its word (`declaredOrGuessed`). Otherwise a heuristic
 * over what the command says, in order: the alias's own words (`in_logo`, `in_subs`), a
 * `subtitles=` filter reading it, then what the outputs are (a video out reads video; an
 * audio out reads video or audio...). Pickers keep a "show every kind" switch for when the
 * guess is wrong. Extensions map to kinds through the service's own list
 * (src-service/contract/media-kinds.ts), the one watch folders use.
 */
import { KIND_EXTENSIONS, MEDIA_KINDS, type MediaKind } from '../../../src-service/contract/media-kinds';

export type InputKind = MediaKind;

export const ALL_KINDS: readonly InputKind[] = MEDIA_KINDS;

/** Streaming manifests an output may be named: a video. */
const EXT_KIND: Record<string, InputKind> = {
  ...Object.fromEntries(MEDIA_KINDS.flatMap((kind) => KIND_EXTENSIONS[kind].map((ext) => [ext, kind]))),
  m3u8: 'video',
  mpd: 'video',
};

/** The kinds the preset input declares, else the guess from the command (`inputKinds`). */
export function declaredOrGuessed(declared: readonly InputKind[] | undefined, steps: string[], outputNames: string[], alias: string): InputKind[] {
  return declared && declared.length > 0 ? [...declared] : inputKinds(steps, outputNames, alias);
}

const ALIAS_HINTS: [RegExp, InputKind][] = [
  [/sub|srt|vtt|caption/, 'subtitles'],
  [/logo|watermark|image|img|picture|photo|still|thumb|poster|overlay/, 'image'],
  [/audio|music|sound|voice|song|narration/, 'audio'],
  [/video|clip|movie|footage/, 'video'],
];

/** What an output of this name is, by its extension; undefined for a name without a known one. */
export function kindOfName(name: string): InputKind | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext ? EXT_KIND[ext] : undefined;
}

const READS_FOR_OUTPUT: Record<InputKind, InputKind[]> = {
  video: ['video'],
  audio: ['video', 'audio'],
  image: ['video', 'image'],
  subtitles: ['video', 'subtitles'],
};

/** Inputs in the order the steps name them (`{{in_x}}`), first use first. */
function inputOrder(steps: string[]): string[] {
  return [...new Set(steps.flatMap((s) => [...s.matchAll(/\{\{\s*(in_[A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!)))];
}

export function inputKinds(steps: string[], outputNames: string[], alias: string): InputKind[] {
  const words = alias.replace(/^in_/, '').toLowerCase();
  const hinted = ALIAS_HINTS.find(([re]) => re.test(words))?.[1];
  if (hinted) return [hinted];
  const escaped = alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (steps.some((s) => new RegExp(`subtitles=['"]?\\{\\{\\s*${escaped}\\s*\\}\\}`).test(s))) return ['subtitles'];
  const first = inputOrder(steps)[0];
  // A second or later input (an overlay, a music bed): any media, never a zip or an unknown file.
  if (first !== undefined && first !== alias) return ['video', 'audio', 'image'];
  const outKinds = new Set(outputNames.map(kindOfName).filter((k): k is InputKind => k !== undefined));
  if (outKinds.size === 0) return ['video', 'audio', 'image'];
  return ALL_KINDS.filter((k) => [...outKinds].some((o) => READS_FOR_OUTPUT[o].includes(k)));
}
