/**
 * The sandbox policy (docs/sandbox.md): how strictly ffmpeg and ffprobe must be confined by
 * the operating system. `require` refuses to run a process that cannot be confined,
 * `prefer` runs it unconfined with a warning, `off` never confines.
 */
export type SandboxMode = 'require' | 'prefer' | 'off';
export type SandboxMechanism = 'bubblewrap' | 'sandbox-exec' | 'none';

/** What /v1/health and the Settings page show. */
export interface SandboxStatus {
  mode: SandboxMode;
  mechanism: SandboxMechanism;
  /** Whether the mechanism works on this machine (checked once, by running it). */
  available: boolean;
  /** Why it is unavailable, or why processes run unconfined; null when all is well. */
  reason: string | null;
  /** The helper that applies per-process limits (RLIMIT_FSIZE, RLIMIT_CPU), or null. */
  limits: 'prlimit' | null;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The mode in force: the configured one, else `require` when other machines can reach the
 * service or other accounts share it (their commands must not reach each other's files),
 * else `prefer`. Evaluated per run: an account added while the service runs tightens it.
 */
export function effectiveMode(configured: SandboxMode | undefined, host: string, accountCount: number): SandboxMode {
  if (configured) return configured;
  return !isLoopbackHost(host) || accountCount > 1 ? 'require' : 'prefer';
}

/** A process that must be confined could not be (`require`), with the missing piece named. */
export class SandboxUnavailableError extends Error {}

/** What one confined run may see, and its limits. All paths absolute. */
export interface ConfineRequest {
  bin: string;
  argv: string[];
  cwd: string;
  /** Folders or files bound read-write (the job folder). */
  writable: string[];
  /** Folders or files bound read-only (the file ffprobe reads). */
  readable: string[];
  limits: ProcessLimits;
  /**
   * The sandbox is set up at once but `bin` starts only when the line `go` arrives on stdin (an
   * output probe made ready while ffmpeg still runs: docs/performance.md, "Output probes made
   * ready"). Only bubblewrap does this (`Confiner.canStartOnInput`).
   */
  startOnInput?: boolean;
}

export interface ProcessLimits {
  /** RLIMIT_FSIZE: the largest file the process may write. */
  fileSizeBytes?: number;
  /** RLIMIT_CPU: CPU seconds (all threads) before SIGXCPU. */
  cpuSeconds?: number;
}

/**
 * A command ready for runProcess, passed to it whole (`runProcess(cmd, …)`). A bubblewrap
 * command carries `infoFd: 3` by its type, so neither this file's producers can build one
 * without it nor can a run of one leave it behind (run-process.ts `ProcessCommand`).
 */
export type WrappedCommand = BubblewrapCommand | OtherWrappedCommand;

interface WrappedCommandBase {
  bin: string;
  argv: string[];
  env: NodeJS.ProcessEnv;
}

/** Confined by bubblewrap: its argv starts with `--info-fd 3`, where it reports the sandbox's init pid. */
export interface BubblewrapCommand extends WrappedCommandBase {
  mechanism: 'bubblewrap';
  confined: true;
  infoFd: 3;
}

/** Confined by sandbox-exec, or not confined (`confined: false`). */
export interface OtherWrappedCommand extends WrappedCommandBase {
  mechanism: 'sandbox-exec' | 'none';
  /** True when the operating system confines it. */
  confined: boolean;
  infoFd?: undefined;
}

/** The environment a confined ffmpeg gets: nothing of the service's. */
export const MINIMAL_ENV: NodeJS.ProcessEnv = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp', TMPDIR: '/tmp' };
