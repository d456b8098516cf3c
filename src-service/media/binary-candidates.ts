import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type BinaryName = 'ffmpeg' | 'ffprobe';

/** Where a binary came from; shown by /v1/health, `ffdesk doctor` and the settings page. */
export type BinarySource =
  | 'FFDESK_FFMPEG_PATH'
  | 'FFDESK_FFPROBE_PATH'
  | 'ffmpeg-static'
  | '@ffmpeg-installer/ffmpeg'
  | 'ffprobe-static'
  | '@ffmpeg-installer/ffprobe'
  | '@ffprobe-installer/ffprobe'
  | 'PATH'
  | 'system';

export interface Candidate {
  source: BinarySource;
  /** Absolute path of an executable file, or null when this source has none here. */
  path: string | null;
  /** Why `path` is null ("not installed", "not executable: /x/y"). */
  missing?: string;
}

/** Returns the absolute path an installed npm package exports, or null when it is absent. */
export type PackagePathResolver = (packageName: string) => string | null;

export const ENV_VAR: Record<BinaryName, 'FFDESK_FFMPEG_PATH' | 'FFDESK_FFPROBE_PATH'> = { ffmpeg: 'FFDESK_FFMPEG_PATH', ffprobe: 'FFDESK_FFPROBE_PATH' };

/** Registry packages that ship a binary inside (no download at install time, except ffmpeg-static). */
const PACKAGES: Record<BinaryName, BinarySource[]> = {
  ffmpeg: ['ffmpeg-static', '@ffmpeg-installer/ffmpeg'],
  ffprobe: ['ffprobe-static', '@ffmpeg-installer/ffprobe', '@ffprobe-installer/ffprobe'],
};

/**
 * Folders package managers install into that a GUI app may not have on PATH (an app started
 * from the macOS Finder gets a minimal PATH without Homebrew's folder).
 */
export function defaultSystemDirs(): string[] {
  if (process.platform === 'darwin') return ['/opt/homebrew/bin', '/usr/local/bin', '/opt/local/bin'];
  if (process.platform === 'linux') return ['/usr/bin', '/usr/local/bin', '/snap/bin'];
  return [];
}

export interface CandidateOptions {
  packagePath?: PackagePathResolver;
  /** Defaults to defaultSystemDirs(); tests pass their own. */
  systemDirs?: string[];
}

/** Every place `name` may come from, de-duplicated by real path (the first source wins). */
export function listCandidates(name: BinaryName, env: NodeJS.ProcessEnv, opts: CandidateOptions = {}): Candidate[] {
  const packagePath = opts.packagePath ?? requirePackagePath;
  const out: Candidate[] = [];
  for (const source of PACKAGES[name]) {
    const p = packagePath(source);
    out.push(p === null ? { source, path: null, missing: 'not installed' } : fromFile(source, unpackedFromAsar(p)));
  }
  const onPath = findOnPath(name, env);
  out.push(onPath ? { source: 'PATH', path: onPath } : { source: 'PATH', path: null, missing: `no "${name}" on PATH` });
  for (const dir of opts.systemDirs ?? defaultSystemDirs()) {
    const found = asExecutable(path.join(dir, name));
    if (found) out.push({ source: 'system', path: found });
  }
  return dedupe(out);
}

/** The binary an FFDESK_* variable names (a bare name is looked up on PATH); throws when it is not executable. */
export function forcedCandidate(name: BinaryName, env: NodeJS.ProcessEnv): Candidate | null {
  const envVar = ENV_VAR[name];
  const explicit = env[envVar];
  if (!explicit) return null;
  // An explicit setting that is wrong is an error, not a reason to quietly use another binary.
  const found = isBareName(explicit) ? findOnPath(explicit, env) : asExecutable(path.resolve(explicit));
  if (found) return { source: envVar, path: found };
  throw new Error(`${envVar} is set to "${explicit}", but that is not an executable file. Point it at the ${name} binary, or unset it to let FFDesk pick one.`);
}

function fromFile(source: BinarySource, p: string): Candidate {
  const found = asExecutable(p);
  return found ? { source, path: found } : { source, path: null, missing: `no executable file at ${p}` };
}

function dedupe(list: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    if (c.path === null) return true;
    const key = realOrSame(c.path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The real path of `p`, or `p` itself where it cannot be resolved (missing, no access). */
export function realOrSame(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

const require = createRequire(import.meta.url);

/** The path an npm binary package exports; null when the package is absent or unusable. */
export function requirePackagePath(packageName: string): string | null {
  // ffprobe-static calls process.exit() on platforms it does not know: never load it there.
  if (packageName === 'ffprobe-static' && !['darwin', 'linux', 'win32'].includes(process.platform)) return null;
  let exported: unknown;
  try {
    exported = require(packageName);
  } catch (err) {
    // Optional packages: absent (MODULE_NOT_FOUND), or @ffmpeg-installer throwing a plain
    // string when its platform binary is missing. Both mean "this candidate is absent".
    if (isModuleNotFound(err) || typeof err === 'string') return null;
    throw err;
  }
  if (typeof exported === 'string') return exported; // ffmpeg-static
  const p = (exported as { path?: unknown } | null)?.path; // ffprobe-static, @ffmpeg-installer/*
  return typeof p === 'string' ? p : null;
}

function isModuleNotFound(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND';
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

export function findOnPath(name: string, env: NodeJS.ProcessEnv): string | null {
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
