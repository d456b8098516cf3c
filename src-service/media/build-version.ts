/**
 * What an ffmpeg/ffprobe build says it is, and which of two builds is newer (docs/ffmpeg.md).
 *
 * - A release ("5.1.9-0+deb12u1", "4.0.2-static", "7.1", "n6.1.1") is compared by its
 *   numbers: 7.1 > 6.0 > 5.1.9 > 5.1.
 * - A git build ("N-47683-g0e8eb07980-static", "N-113600-gabc-20240101") is a snapshot of
 *   FFmpeg's main branch. Two git builds compare by their revision count (it only grows).
 *   Against a release, a git build counts as newer only if it was built after that release
 *   came out: its date is the YYYYMMDD in its name or else the last year of its copyright line.
 * - A build whose version cannot be read ranks below every readable one.
 * On a tie a release wins over a git build (it is the tested one).
 */
export type BuildKind = 'release' | 'git' | 'unknown';

export interface BuildVersion {
  /** The token after "version" on the first line, e.g. "5.1.9-0+deb12u1". */
  raw: string;
  kind: BuildKind;
  /** Release numbers, e.g. [5, 1, 9]; empty for git/unknown builds. */
  numbers: number[];
  /** Git builds: the N-<count> revision count. */
  revision: number | null;
  /** When this code was released or built, as YYYYMMDD; null when unknown. */
  date: number | null;
}

/** When each FFmpeg release line first came out (YYYYMMDD), to place git builds among releases. */
const RELEASE_DATES: Record<string, number> = {
  '3.4': 20171015,
  '4.0': 20180420,
  '4.1': 20181106,
  '4.2': 20190805,
  '4.3': 20200615,
  '4.4': 20210408,
  '5.0': 20220114,
  '5.1': 20220722,
  '6.0': 20230227,
  '6.1': 20231110,
  '7.0': 20240405,
  '7.1': 20240930,
  '8.0': 20250822,
};
const FUTURE = 99991231;

/** Parses the first line of `-version` ("ffmpeg version 7.1 Copyright (c) 2000-2024 ..."). */
export function parseBuildVersion(firstLine: string): BuildVersion {
  const raw = /\bversion\s+(\S+)/.exec(firstLine)?.[1] ?? firstLine.trim();
  const copyrightYear = Number(/Copyright \(c\) \d{4}-(\d{4})/.exec(firstLine)?.[1] ?? NaN);
  const git = /^N-(\d+)-/.exec(raw);
  if (git) {
    const stamped = /-(20\d{6})(?:\D|$)/.exec(raw)?.[1];
    const date = stamped ? Number(stamped) : Number.isFinite(copyrightYear) ? copyrightYear * 10_000 + 101 : null;
    return { raw, kind: 'git', numbers: [], revision: Number(git[1]), date };
  }
  const release = /^n?(\d+(?:\.\d+)*)/.exec(raw);
  if (release?.[1]) {
    const numbers = release[1].split('.').map(Number);
    return { raw, kind: 'release', numbers, revision: null, date: releaseDate(numbers) };
  }
  return { raw, kind: 'unknown', numbers: [], revision: null, date: null };
}

function releaseDate(numbers: number[]): number {
  const [major = 0, minor = 0] = numbers;
  const key = `${major}.${minor}`;
  const known = RELEASE_DATES[key];
  if (known !== undefined) return known;
  const newest = Object.keys(RELEASE_DATES)
    .map((k) => k.split('.').map(Number))
    .at(-1) ?? [0, 0];
  // A line newer than the table is newer than any git build we could date; an older one, older.
  return compareNumbers(numbers, newest) > 0 ? FUTURE : 20000101;
}

/** > 0 when `a` is newer than `b`, < 0 when older, 0 when neither (docs/ffmpeg.md). */
export function compareBuilds(a: BuildVersion, b: BuildVersion): number {
  if (a.kind === 'unknown' || b.kind === 'unknown') return rank(a) - rank(b);
  if (a.kind === 'release' && b.kind === 'release') return compareNumbers(a.numbers, b.numbers);
  if (a.kind === 'git' && b.kind === 'git') return (a.revision ?? 0) - (b.revision ?? 0) || (a.date ?? 0) - (b.date ?? 0);
  const git = a.kind === 'git' ? a : b;
  const release = a.kind === 'git' ? b : a;
  const gitNewer = (git.date ?? 0) > (release.date ?? 0);
  return (a === git) === gitNewer ? 1 : -1;
}

function rank(v: BuildVersion): number {
  return v.kind === 'unknown' ? 0 : 1;
}

function compareNumbers(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** "5.1.9-0+deb12u1 (release 5.1.9)" / "N-47683-g0e8eb07980-static (git build of 2018)". */
export function describeBuild(v: BuildVersion): string {
  if (v.kind === 'release') return `${v.raw} (release ${v.numbers.join('.')})`;
  if (v.kind === 'git') return `${v.raw} (git build${v.date ? ` of ${String(v.date).slice(0, 4)}` : ''})`;
  return `${v.raw} (version not recognised)`;
}
