import path from 'node:path';
import { z } from 'zod';
import { spawnChildSync } from './child-process';
import { runProcess } from './run-process';
import { compareBuilds, describeBuild, parseBuildVersion, type BuildVersion } from './build-version';
import { ENV_VAR, forcedCandidate, listCandidates, type BinaryName, type BinarySource, type Candidate, type CandidateOptions } from './binary-candidates';
import { createProbeCache, type ProbeCache } from './probe-cache';
import { startupEnv } from './startup-env';
import { pickWorkingProbe } from './probe-choice';
import { checkProbeBinary } from './probe-check';

export { requirePackagePath, type BinarySource, type PackagePathResolver } from './binary-candidates';

/** One candidate as `ffdesk doctor`, /v1/health and the settings page show it. */
export interface ProbedCandidate {
  source: BinarySource;
  path: string | null;
  /** The -version token ("5.1.9-0+deb12u1"); null when it did not run. */
  version: string | null;
  chosen: boolean;
  /** Why it was chosen, or why not ("older than …", "does not run: …", "not installed"). */
  note: string;
}

export interface BinaryChoice {
  path: string;
  source: BinarySource;
  version: BuildVersion;
  reason: string;
  candidates: ProbedCandidate[];
}

export interface MediaBinaries {
  ffmpegPath: string;
  ffprobePath: string;
  ffmpegSource: BinarySource;
  ffprobeSource: BinarySource;
  ffmpeg: BinaryChoice;
  ffprobe: BinaryChoice;
}

export interface SelectOptions extends CandidateOptions {
  env?: NodeJS.ProcessEnv;
  /** Remembers -version lines per path + size + mtime (see probe-cache.ts). */
  cache?: ProbeCache;
}

/** A -version answer, with how long the quicker of two runs took (ffprobe is chosen by start-up time). */
type VersionProbe = { line: string; startMs?: number } | { error: string };
const VersionFact = z.object({ line: z.string(), startMs: z.number() });
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Picks ffmpeg and ffprobe (docs/ffmpeg.md): the FFDESK_* variable when set; otherwise every
 * candidate is run once with -version (all at once, answers cached), those that do not run are
 * dropped and the newest build wins.
 */
export async function selectBinaries(opts: SelectOptions = {}): Promise<MediaBinaries> {
  const cache = opts.cache ?? createProbeCache(null);
  // ffprobe candidates are timed twice (cold, then warm): the quicker start decides (probe-choice.ts).
  const probe = (name: BinaryName) => (bin: string) => cachedProbe(cache, bin, () => probeVersionLine(bin, name === 'ffprobe' ? 2 : 1));
  const list = candidatesFor('ffprobe', opts);
  const [ffmpeg, probes] = await Promise.all([
    chooseAsync('ffmpeg', opts, probe('ffmpeg')),
    Promise.all(list.map((c) => (c.path ? probe('ffprobe')(c.path) : Promise.resolve(null)))),
  ]);
  return asMediaBinaries(
    ffmpeg,
    choose('ffprobe', list, probes, (bin) => checkProbeBinary(bin, ffmpeg.path, cache)),
  );
}

/** The same choice made synchronously, one candidate after another: for tests and scripts. */
export function resolveBinaries(opts: SelectOptions = {}): MediaBinaries {
  const cache = opts.cache ?? createProbeCache(null);
  const probe = (bin: string) => cachedProbeSync(cache, bin, () => probeVersionLineSync(bin));
  const pick = (name: BinaryName, verify?: (bin: string) => string | null) => {
    const list = candidatesFor(name, opts);
    return choose(
      name,
      list,
      list.map((c) => (c.path ? probe(c.path) : null)),
      verify,
    );
  };
  const ffmpeg = pick('ffmpeg');
  return asMediaBinaries(
    ffmpeg,
    pick('ffprobe', (bin) => checkProbeBinary(bin, ffmpeg.path, cache)),
  );
}

async function chooseAsync(name: BinaryName, opts: SelectOptions, probe: (bin: string) => Promise<VersionProbe>): Promise<BinaryChoice> {
  const list = candidatesFor(name, opts);
  return choose(name, list, await Promise.all(list.map((c) => (c.path ? probe(c.path) : Promise.resolve(null)))));
}

function candidatesFor(name: BinaryName, opts: SelectOptions): Candidate[] {
  const env = opts.env ?? process.env;
  const forced = forcedCandidate(name, env);
  return forced ? [forced] : listCandidates(name, env, opts);
}

function asMediaBinaries(ffmpeg: BinaryChoice, ffprobe: BinaryChoice): MediaBinaries {
  return { ffmpegPath: ffmpeg.path, ffmpegSource: ffmpeg.source, ffprobePath: ffprobe.path, ffprobeSource: ffprobe.source, ffmpeg, ffprobe };
}

/**
 * The newest candidate that ran (for ffprobe: the quickest to start among those recent enough
 * that `verify` finds working, probe-choice.ts); a forced one is taken even if its -version failed.
 */
export function choose(name: BinaryName, list: Candidate[], probes: (VersionProbe | null)[], verify?: (bin: string) => string | null): BinaryChoice {
  const rows = list.map((c, i) => ({ c, probe: probes[i] ?? null }));
  const forced = rows.length === 1 && rows[0]?.c.source === ENV_VAR[name] ? rows[0] : undefined;
  const working = rows
    .map((r) => ({ ...r, build: r.probe && 'line' in r.probe ? parseBuildVersion(r.probe.line) : null }))
    .filter((r): r is typeof r & { build: BuildVersion; c: Candidate & { path: string } } => r.build !== null && r.c.path !== null);
  const newestOf = (list: typeof working) =>
    list.reduce<(typeof working)[number] | undefined>((a, b) => (a === undefined || compareBuilds(b.build, a.build) > 0 ? b : a), undefined);
  let newest = newestOf(working);
  if (forced?.c.path) {
    const build = newest?.build ?? parseBuildVersion(`${name} version unknown`);
    const note = newest ? `${ENV_VAR[name]} is set` : `${ENV_VAR[name]} is set (its -version failed: ${errorOf(forced.probe)})`;
    return { path: forced.c.path, source: forced.c.source, version: build, reason: note, candidates: [row(forced.c, newest?.build ?? null, true, note)] };
  }
  if (!newest) throw noneWorks(name, rows);
  const probeRule =
    name === 'ffprobe'
      ? pickWorkingProbe(
          working.map((w) => ({ ...w, startMs: startMsOf(w.probe) })),
          (w) => verify?.(w.c.path) ?? null,
        )
      : null;
  const quick = probeRule?.quick ?? null;
  if (!quick && probeRule?.failed.size) newest = newestOf(working.filter((w) => !probeRule.failed.has(w.c))) ?? newest;
  const best = quick?.pick ?? newest;
  const reason = quick?.reason ?? (working.length === 1 ? 'the only candidate that runs' : `the newest of ${working.length} candidates that run`);
  const candidates = rows.map(({ c, probe }) => {
    if (c === best.c) return row(c, best.build, true, `chosen: ${reason}`);
    const why = quick?.whyNot(c) ?? probeRule?.failed.get(c);
    if (why) return row(c, parseBuildVersion((probe as { line: string }).line), false, why);
    if (!c.path) return row(c, null, false, c.missing ?? 'not found');
    if (!probe || 'error' in probe) return row(c, null, false, `does not run: ${errorOf(probe)}`);
    const build = parseBuildVersion(probe.line);
    return row(
      c,
      build,
      false,
      compareBuilds(build, best.build) < 0 ? `older than ${describeBuild(best.build)}` : `no newer than ${describeBuild(best.build)}, which comes first`,
    );
  });
  return { path: best.c.path, source: best.c.source, version: best.build, reason: quick ? reason : `${reason}: ${describeBuild(best.build)}`, candidates };
}

function row(c: Candidate, build: BuildVersion | null, chosen: boolean, note: string): ProbedCandidate {
  return { source: c.source, path: c.path, version: build?.raw ?? null, chosen, note };
}

function startMsOf(probe: VersionProbe | null): number | null {
  return probe && 'line' in probe && probe.startMs !== undefined ? probe.startMs : null;
}

function errorOf(probe: VersionProbe | null): string {
  return probe && 'error' in probe ? probe.error : 'no output';
}

function noneWorks(name: BinaryName, rows: { c: Candidate; probe: VersionProbe | null }[]): Error {
  const tried = rows.map(({ c, probe }) => `${c.source}: ${c.path === null ? (c.missing ?? 'not found') : `${c.path} does not run (${errorOf(probe)})`}`);
  return new Error(
    `FFDesk could not find a working ${name} (tried ${tried.join('; ')}). Fix it with one of: ` +
      `install FFmpeg so that "${name}" is on PATH (apt install ffmpeg, brew install ffmpeg, winget install ffmpeg); ` +
      `set ${ENV_VAR[name]}=/full/path/to/${name}; or run "npm install" again so the bundled binary is downloaded.`,
  );
}

async function cachedProbe(cache: ProbeCache, bin: string, run: () => Promise<VersionProbe>): Promise<VersionProbe> {
  const hit = cache.get(bin, 'version', VersionFact);
  if (hit) return hit;
  const probe = await run();
  if ('line' in probe) cache.set(bin, 'version', probe); // a failure is tried again next start
  return probe;
}

function cachedProbeSync(cache: ProbeCache, bin: string, run: () => VersionProbe): VersionProbe {
  const hit = cache.get(bin, 'version', VersionFact);
  if (hit) return hit;
  const probe = run();
  if ('line' in probe) cache.set(bin, 'version', probe);
  return probe;
}

/**
 * `bin -version`, twice: the first run also reads the binary from disk, the second shows what a
 * start costs once it is in the page cache (what every job pays); the quicker one is kept.
 */
async function probeVersionLine(bin: string, runs: 1 | 2): Promise<VersionProbe> {
  const first = await runVersionOnce(bin);
  if (!('line' in first) || runs === 1) return first;
  const second = await runVersionOnce(bin);
  return 'line' in second ? { line: first.line, startMs: Math.min(first.startMs ?? Infinity, second.startMs ?? Infinity) } : first;
}

async function runVersionOnce(bin: string): Promise<VersionProbe> {
  const lines: string[] = [];
  const t0 = performance.now();
  try {
    const r = await runProcess(
      { bin, argv: ['-version'], env: startupEnv() },
      {
        cwd: path.dirname(bin),
        timeoutMs: PROBE_TIMEOUT_MS,
        onStdoutLine: (l) => lines.push(l),
      },
    );
    const startMs = Math.round((performance.now() - t0) * 10) / 10;
    return withStart(asProbe(r.exitCode, r.signal ?? (r.timedOut ? 'timed out' : null), lines[0], r.stderrTail), startMs);
  } catch (err) {
    return { error: (err as Error).message };
  }
}

function withStart(p: VersionProbe, startMs: number): VersionProbe {
  return 'line' in p ? { ...p, startMs } : p;
}

function probeVersionLineSync(bin: string): VersionProbe {
  const t0 = performance.now();
  const r = spawnChildSync(bin, ['-version'], {
    cwd: path.dirname(bin),
    env: startupEnv(),
    timeout: PROBE_TIMEOUT_MS,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  if (r.error) return { error: r.error.message };
  return withStart(asProbe(r.status, r.signal, r.stdout.split(/\r?\n/)[0], r.stderr), Math.round((performance.now() - t0) * 10) / 10);
}

function asProbe(exitCode: number | null, how: string | null, firstLine: string | undefined, stderr: string): VersionProbe {
  if (exitCode === 0 && firstLine && /\bversion\b/.test(firstLine)) return { line: firstLine };
  const last = stderr.trim().split(/\r?\n/).at(-1)?.slice(0, 300) ?? '';
  return { error: `-version ${exitCode === null ? `ended by ${how ?? 'a signal'}` : `exited with ${exitCode}`}${last ? `: ${last}` : ''}` };
}

export interface MediaVersions {
  ffmpeg_version: string;
  ffprobe_version: string;
}

/** Versions for /v1/health, as read when the binaries were chosen. */
export function readVersions(b: Pick<MediaBinaries, 'ffmpeg' | 'ffprobe'>): MediaVersions {
  return { ffmpeg_version: b.ffmpeg.version.raw, ffprobe_version: b.ffprobe.version.raw };
}

/** "ffmpeg version N-47683-g0e8eb07980-static https://..." -> "N-47683-g0e8eb07980-static". */
export function parseVersionLine(line: string): string {
  return parseBuildVersion(line).raw;
}
