import { existsSync } from 'node:fs';
import { realOrSame } from '../binary-candidates';
import { childEnv } from '../run-process';
import { envForBinary } from '../static-glibc';
import { bwrapArgs, findBwrap, smokeTestBwrap } from './bwrap';
import { findPrlimit, prlimitArgs } from './limits';
import { SANDBOX_EXEC, sandboxExecArgs } from './macos';
import {
  MINIMAL_ENV,
  SandboxUnavailableError,
  type ConfineRequest,
  type SandboxMechanism,
  type SandboxMode,
  type SandboxStatus,
  type WrappedCommand,
} from './policy';
import { WINDOWS_REASON } from './windows';

export { SandboxUnavailableError, effectiveMode, type ConfineRequest, type SandboxMode, type SandboxStatus, type WrappedCommand } from './policy';
export { limitHit } from './limits';

/** Wraps ffmpeg/ffprobe runs in the operating system's sandbox (docs/sandbox.md). */
export interface Confiner {
  status(): SandboxStatus;
  /** The command to run; throws SandboxUnavailableError under `require` when it cannot be confined. */
  wrap(req: ConfineRequest): WrappedCommand;
  /** Whether `wrap` would honour `startOnInput` now (a working bubblewrap in force). */
  canStartOnInput(): boolean;
}

export interface ConfinerOptions {
  /** The mode in force now (it may tighten while the service runs: policy.ts). */
  mode: () => SandboxMode;
  platform?: NodeJS.Platform;
  /** bwrap's path (FFDESK_BWRAP_PATH); default: the usual places. */
  bwrapPath?: string;
  log(msg: string): void;
}

interface Mechanism {
  name: SandboxMechanism;
  /** null when it works, else why not. */
  problem: string | null;
  /** The confined command, with the minimal environment (MINIMAL_ENV). */
  wrap(req: ConfineRequest): WrappedCommand;
}

/** A failed check is repeated after this long (a package installed meanwhile, a smoke test slowed by load). */
const RECHECK_AFTER_MS = 30_000;

export function createConfiner(opts: ConfinerOptions): Confiner {
  let mechanism: Mechanism | undefined;
  let checkedAt = 0;
  let warned = false;
  const detect = (): Mechanism => {
    if (!mechanism || (mechanism.problem !== null && Date.now() - checkedAt > RECHECK_AFTER_MS)) {
      mechanism = detectMechanism(opts.platform ?? process.platform, opts.bwrapPath);
      checkedAt = Date.now();
    }
    return mechanism;
  };
  const canStartOnInput = (): boolean => {
    if (opts.mode() === 'off') return false;
    const m = detect();
    return m.name === 'bubblewrap' && m.problem === null;
  };
  return {
    status() {
      const mode = opts.mode();
      const m = mode === 'off' ? null : detect();
      return {
        mode,
        mechanism: m?.name ?? 'none',
        available: m !== null && m.problem === null,
        reason: mode === 'off' ? 'FFDESK_SANDBOX=off: ffmpeg runs unconfined' : (m?.problem ?? null),
        limits: findPrlimit() ? 'prlimit' : null,
      };
    },
    canStartOnInput,
    wrap(req) {
      if (req.startOnInput && !canStartOnInput()) throw new Error('startOnInput needs a working bubblewrap (check canStartOnInput first)');
      const mode = opts.mode();
      const m = mode === 'off' ? null : detect();
      if (m && m.problem === null) return withLimits(req, m.wrap(req));
      if (mode === 'require') throw new SandboxUnavailableError(`The sandbox is required but unavailable: ${m?.problem ?? 'no mechanism'}`);
      if (mode === 'prefer' && !warned) {
        warned = true;
        opts.log(`WARNING: ffmpeg and ffprobe run without an operating-system sandbox: ${m?.problem ?? 'none'} (docs/sandbox.md)`);
      }
      return withLimits(req, { mechanism: 'none', bin: req.bin, argv: req.argv, env: envForBinary(req.bin, childEnv()), confined: false });
    },
  };
}

function withLimits(req: ConfineRequest, cmd: WrappedCommand): WrappedCommand {
  const prlimit = findPrlimit();
  const args = prlimit ? prlimitArgs(req.limits, cmd.bin, cmd.argv) : null;
  return prlimit && args ? { ...cmd, bin: prlimit, argv: args } : cmd;
}

function detectMechanism(platform: NodeJS.Platform, bwrapPath?: string): Mechanism {
  if (platform === 'linux') {
    const bwrap = findBwrap(bwrapPath);
    const problem = bwrap
      ? smokeTestBwrap(bwrap)
      : `bubblewrap (bwrap) not found${bwrapPath ? ` at ${bwrapPath}` : ''}: install it (apt install bubblewrap, dnf install bubblewrap) or set FFDESK_SANDBOX=prefer`;
    // --info-fd: bwrap reports its PID namespace's init there, so a run can end the whole sandbox (run-ender.ts).
    const wrap = (req: ConfineRequest): WrappedCommand => ({
      mechanism: 'bubblewrap',
      confined: true,
      bin: bwrap as string,
      argv: ['--info-fd', '3', ...bwrapArgs(req)],
      env: MINIMAL_ENV,
      infoFd: 3,
    });
    return { name: 'bubblewrap', problem, wrap };
  }
  if (platform === 'darwin') {
    const problem = existsSync(SANDBOX_EXEC) ? null : `sandbox-exec not found at ${SANDBOX_EXEC}: set FFDESK_SANDBOX=prefer`;
    return {
      name: 'sandbox-exec',
      problem,
      wrap: (req) => ({ mechanism: 'sandbox-exec', confined: true, bin: SANDBOX_EXEC, argv: sandboxExecArgs(req, realOrSame), env: MINIMAL_ENV }),
    };
  }
  return {
    name: 'none',
    problem: platform === 'win32' ? WINDOWS_REASON : `no sandbox for platform ${platform}: set FFDESK_SANDBOX=prefer`,
    wrap: () => {
      throw new Error('unreachable');
    },
  };
}
