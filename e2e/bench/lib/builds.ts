/**
 * Which ffmpeg and ffprobe the benchmarked services ran, as their own `GET /v1/health` says
 * (the build, where it came from and why it was chosen). Recorded at every service start of
 * the run; a run whose services chose differently lists each choice.
 */
export interface BuildSeen {
  ffmpeg: string;
  ffprobe: string;
}

const seen = new Map<string, BuildSeen>();

interface HealthChoice {
  version?: string;
  source?: string;
  path?: string;
}

const describe = (c: HealthChoice | undefined): string => (c ? `${c.version ?? '?'} (${c.source ?? '?'}${c.path ? `, ${c.path}` : ''})` : 'unknown');

/** Asks a just-started service; a failure is noted, never fatal (the row's own checks decide). */
export async function recordBuilds(url: string): Promise<void> {
  try {
    const health = (await (await fetch(`${url}/v1/health`)).json()) as { ffmpeg?: HealthChoice; ffprobe?: HealthChoice };
    const build = { ffmpeg: describe(health.ffmpeg), ffprobe: describe(health.ffprobe) };
    seen.set(`${build.ffmpeg}|${build.ffprobe}`, build);
  } catch {
    // The service may refuse health (a data dir it cannot use): the scenario reports that itself.
  }
}

export function buildsSeen(): BuildSeen[] {
  return [...seen.values()];
}

export function buildsLine(builds: BuildSeen[]): string {
  if (builds.length === 0) return 'ffmpeg/ffprobe: not reported (no service answered /v1/health)';
  return builds.map((b) => `ffmpeg ${b.ffmpeg}; ffprobe ${b.ffprobe}`).join(' | ');
}
