import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runProcess } from './run-process';

/** Where a binary came from; shown by /v1/health and the GUI's settings page. */
export type BinarySource =
  | 'FFDESK_FFMPEG_PATH'
  | 'FFDESK_FFPROBE_PATH'
  | 'ffmpeg-static'
  | '@ffmpeg-installer/ffmpeg'
  | 'ffprobe-static'
  | '@ffmpeg-installer/ffprobe'
  | 'PATH';

export interface MediaBinaries {
  ffmpegPath: string;
  ffprobePath: string;
  ffmpegSource: BinarySource;
  ffprobeSource: BinarySource;
}

/** Returns the absolute path an installed npm package exports, or null when it is absent. */
export type PackagePathResolver = (packageName: string) => string | null;

interface Candidate {
  source: BinarySource;
  path: () => string | null;
}

const require = createRequire(import.meta.url);

/**
 * Finds ffmpeg and ffprobe. Order: the FFDESK_* variable, then the npm packages, then PATH.
 * `ffmpeg-static` is an optional dependency whose install can fail and leave the package
 * without its binary, so a candidate counts only if the file exists and is executable.
 */
export function resolveBinaries(env: NodeJS.ProcessEnv = process.env, packagePath: PackagePathResolver = requirePackagePath): MediaBinaries {
  const ffmpeg = pickBinary('ffmpeg', 'FFDESK_FFMPEG_PATH', env, [
    { source: 'ffmpeg-static', path: () => packagePath('ffmpeg-static') },
    { source: '@ffmpeg-installer/ffmpeg', path: () => packagePath('@ffmpeg-installer/ffmpeg') },
  ]);
  const ffprobe = pickBinary('ffprobe', 'FFDESK_FFPROBE_PATH', env, [
    { source: 'ffprobe-static', path: () => packagePath('ffprobe-static') },
    { source: '@ffmpeg-installer/ffprobe', path: () => packagePath('@ffmpeg-installer/ffprobe') },
  ]);
  return { ffmpegPath: ffmpeg.path, ffmpegSource: ffmpeg.source, ffprobePath: ffprobe.path, ffprobeSource: ffprobe.source };
}

function pickBinary(name: 'ffmpeg' | 'ffprobe', envVar: 'FFDESK_FFMPEG_PATH' | 'FFDESK_FFPROBE_PATH', env: NodeJS.ProcessEnv, packages: Candidate[]): { path: string; source: BinarySource } {
  const explicit = env[envVar];
  if (explicit) {
    // An explicit setting that is wrong is an error, not a reason to quietly use another binary.
    const found = isBareName(explicit) ? findOnPath(explicit, env) : asExecutable(path.resolve(explicit));
    if (found) return { path: found, source: envVar };
    throw new Error(`${envVar} is set to "${explicit}", but that is not an executable file. Point it at the ${name} binary, or unset it to use the bundled one.`);
  }
  const tried: string[] = [];
  for (const candidate of [...packages, { source: 'PATH' as const, path: () => findOnPath(name, env) }]) {
    const p = candidate.path();
    const found = p === null ? null : asExecutable(unpackedFromAsar(p));
    if (found) return { path: found, source: candidate.source };
    tried.push(`${candidate.source}: ${p ?? 'not installed / not found'}`);
  }
  throw new Error(
    `FFDesk could not find an executable ${name} (tried ${tried.join('; ')}). Fix it with one of: ` +
      `set ${envVar}=/full/path/to/${name}; or run "npm install" again so the bundled binary is downloaded; ` +
      `or install FFmpeg so that "${name}" is on PATH (apt install ffmpeg, brew install ffmpeg, winget install ffmpeg).`,
  );
}

/** The path an npm binary package exports; null when the package is absent or unusable. */
export function requirePackagePath(packageName: string): string | null {
  // ffprobe-static calls process.exit() on platforms it does not know: never load it there.
  if (packageName === 'ffprobe-static' && !['darwin', 'linux', 'win32'].includes(process.platform)) return null;
  let exported: unknown;
  try {
    exported = require(packageName);
  } catch (err) {
    // Optional packages: absent (MODULE_NOT_FOUND), or @ffmpeg-installer throwing a plain
    // string when its platform binary is missing. Both mean "try the next candidate".
    return isModuleNotFound(err) || typeof err === 'string' ? null : rethrow(err);
  }
  if (typeof exported === 'string') return exported; // ffmpeg-static
  const p = (exported as { path?: unknown } | null)?.path; // ffprobe-static, @ffmpeg-installer/*
  return typeof p === 'string' ? p : null;
}

function isModuleNotFound(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND';
}

function rethrow(err: unknown): never {
  throw err;
}

/** Inside a packaged Electron app, binaries live in app.asar.unpacked (asar files cannot be executed). */
function unpackedFromAsar(p: string): string {
  return p.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);
}

function isBareName(p: string): boolean {
  return !p.includes('/') && !p.includes('\\');
}

function asExecutable(p: string): string | null {
  try {
    if (!statSync(p).isFile()) return null;
    accessSync(p, constants.X_OK);
    return p;
  } catch {
    return null; // missing or not executable: this candidate does not count
  }
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | null {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').concat('') : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const found = asExecutable(path.join(dir, name + ext));
      if (found) return found;
    }
  }
  return null;
}

export interface MediaVersions {
  ffmpeg_version: string;
  ffprobe_version: string;
}

const versionCache = new Map<string, Promise<MediaVersions>>();

/** Versions for /v1/health, read once per pair of binaries (a failed read is retried next time). */
export function readVersions(b: Pick<MediaBinaries, 'ffmpegPath' | 'ffprobePath'>): Promise<MediaVersions> {
  const key = `${b.ffmpegPath}\0${b.ffprobePath}`;
  let cached = versionCache.get(key);
  if (!cached) {
    cached = Promise.all([readVersion(b.ffmpegPath), readVersion(b.ffprobePath)]).then(([ffmpeg, ffprobe]) => ({ ffmpeg_version: ffmpeg, ffprobe_version: ffprobe }));
    cached.catch(() => versionCache.delete(key));
    versionCache.set(key, cached);
  }
  return cached;
}

async function readVersion(bin: string): Promise<string> {
  const lines: string[] = [];
  const r = await runProcess(bin, ['-version'], { cwd: path.dirname(bin), timeoutMs: 15_000, onStdoutLine: (line) => lines.push(line) });
  const firstLine = lines[0];
  if (r.exitCode !== 0 || firstLine === undefined) throw new Error(`"${bin} -version" failed (exit ${r.exitCode ?? r.signal}): ${r.stderrTail.slice(-500)}`);
  return parseVersionLine(firstLine);
}

/** "ffmpeg version N-47683-g0e8eb07980-static https://..." -> "N-47683-g0e8eb07980-static". */
export function parseVersionLine(line: string): string {
  const m = /\bversion\s+(\S+)/.exec(line);
  return m?.[1] ?? line.trim();
}
