/**
 * The MP4 family of containers (MP4, M4V, MOV, M4A): one track header per stream, an edit
 * list, `-movflags`, `-video_track_timescale` (docs/cutting.md). Read from a file name's
 * extension, case-insensitive; written without a regex (docs/sandbox.md, "Work on the event loop").
 */
export type Mp4FamilyExt = 'mp4' | 'm4v' | 'mov' | 'm4a';
const FAMILY: readonly string[] = ['mp4', 'm4v', 'mov', 'm4a'];

/** The name's extension when it is of the MP4 family, lower-case; undefined otherwise. */
export function mp4FamilyExt(name: string): Mp4FamilyExt | undefined {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return FAMILY.includes(ext) ? (ext as Mp4FamilyExt) : undefined;
}

/** `-video_track_timescale N` keeping a `1/N` time base in an MP4-family output; none otherwise. */
export function timescaleArgs(timeBase: string | undefined): string[] {
  const n = timescaleOf(timeBase);
  return n === undefined ? [] : ['-video_track_timescale', String(n)];
}

/** n of a time base "1/n" (the ticks per second a part written with timescaleArgs counts in); undefined for any other. */
export function timescaleOf(timeBase: string | undefined): number | undefined {
  const slash = timeBase?.indexOf('/') ?? -1;
  const denominator = timeBase && slash > 0 ? timeBase.slice(slash + 1) : '';
  const digitsOnly = denominator !== '' && [...denominator].every((c) => c >= '0' && c <= '9');
  return timeBase?.slice(0, slash) === '1' && digitsOnly ? Number(denominator) : undefined;
}
