import { accessSync, constants, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { spawnChildSync } from '../child-process';
import { existingGconvDirs, isStaticElf } from '../static-glibc';
import { MINIMAL_ENV, type ConfineRequest } from './policy';

/** The uid/gid inside the sandbox ("nobody"): never root, whoever runs the service. */
export const SANDBOX_UID = 65534;

/** Top-level system folders a dynamically linked ffmpeg may need; symlinks (merged /usr) are recreated as symlinks. */
const SYSTEM_ROOTS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** The few /etc entries the loader and fontconfig read; nothing else of /etc is visible. */
const ETC_ENTRIES = ['/etc/ld.so.cache', '/etc/alternatives', '/etc/fonts', '/etc/localtime'];
/**
 * The only devices inside. bwrap's `--dev` (a tmpfs with ptys, shm and a dozen nodes) took
 * about a third of the sandbox's start-up time in `npm run bench`; ffmpeg needs only these.
 */
const DEVICES = ['/dev/null', '/dev/zero', '/dev/random', '/dev/urandom'];

/** How a host path looks, as far as building the sandbox needs (injectable for tests). */
export interface HostView {
  /** The symlink target of a path, or null when it is not a symlink or does not exist. */
  linkTarget(p: string): string | null;
  realpath(p: string): string;
  /** Whether the binary is statically linked (static-glibc.ts). */
  isStaticBinary(p: string): boolean;
  /** The system's iconv module folders that exist (static-glibc.ts). */
  gconvDirs(): string[];
}

export const realHost: HostView = {
  linkTarget(p) {
    try {
      return lstatSync(p).isSymbolicLink() ? readlinkSync(p) : null;
    } catch {
      return null;
    }
  },
  realpath(p) {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  },
  isStaticBinary: isStaticElf,
  gconvDirs: () => existingGconvDirs(),
};

/**
 * bwrap's arguments for one run (docs/sandbox.md): a fresh root holding /usr and the
 * loader's files read-only, the binary itself read-only when it lives elsewhere (a static
 * build under node_modules: the file only, never its neighbours), the given paths, a
 * private /tmp, four harmless devices and /proc; new user (uid 65534), pid, net, ipc, uts and
 * cgroup namespaces, so no network at all; killed with its parent; a new session, so it
 * cannot push keystrokes into a terminal (TIOCSTI).
 */
export function bwrapArgs(req: ConfineRequest, host: HostView = realHost): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const root of SYSTEM_ROOTS) {
    const target = host.linkTarget(root);
    if (target !== null) args.push('--symlink', target, root);
    else args.push('--ro-bind-try', root, root);
  }
  for (const entry of ETC_ENTRIES) args.push('--ro-bind-try', entry, entry);
  // A static build's own glibc crashes in the system's iconv modules (static-glibc.ts): hide them.
  if (host.isStaticBinary(req.bin)) for (const dir of host.gconvDirs()) args.push('--tmpfs', dir);
  args.push('--proc', '/proc', '--tmpfs', '/tmp');
  for (const device of DEVICES) args.push('--dev-bind', device, device);
  for (const p of binaryPaths(req.bin, host)) args.push('--ro-bind', p, p);
  for (const p of req.readable) args.push('--ro-bind', host.realpath(p), p);
  for (const p of req.writable) args.push('--bind', host.realpath(p), p);
  // The root tmpfs (where bwrap made the mount points) becomes read-only: only the job
  // folder and the private /tmp take writes.
  args.push('--remount-ro', '/', '--chdir', req.cwd, '--clearenv');
  for (const [name, value] of Object.entries(MINIMAL_ENV)) args.push('--setenv', name, value as string);
  if (req.startOnInput) args.push('--', '/bin/sh', '-c', START_ON_INPUT, 'sh', req.bin, ...req.argv);
  else args.push('--', req.bin, ...req.argv);
  return args;
}

/**
 * The shell inside a sandbox made ready before its binary may run (ConfineRequest.startOnInput):
 * it waits for the line `go`, then replaces itself with the binary, whose arguments pass as
 * `"$@"` (never parsed by the shell). Anything else, or stdin closed, ends it without running it.
 */
export const START_ON_INPUT = 'IFS= read -r line && [ "$line" = go ] && exec "$@"; exit 125';

/** The binary's path (and its real path) unless /usr already holds it. */
function binaryPaths(bin: string, host: HostView): string[] {
  const real = host.realpath(bin);
  return [...new Set([bin, real])].filter((p) => !isUnder(p, '/usr'));
}

export function isUnder(p: string, folder: string): boolean {
  const rel = path.relative(folder, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/bin/bwrap', '/usr/local/bin/bwrap'];

/** Where bwrap is: the configured path, else the usual places; null when absent. */
export function findBwrap(configured?: string): string | null {
  for (const candidate of configured ? [configured] : BWRAP_CANDIDATES) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      continue; // not here; try the next
    }
  }
  return null;
}

/**
 * Runs a trivial sandbox once: bwrap may be installed yet unable to create namespaces
 * (unprivileged user namespaces disabled, a container without them). Returns null when it
 * works, else the reason.
 */
export function smokeTestBwrap(bwrap: string): string | null {
  const probe = bwrapArgs({ bin: '/usr/bin/env', argv: ['true'], cwd: '/', writable: [], readable: [], limits: {} });
  const r = spawnChildSync(bwrap, probe, { env: MINIMAL_ENV, timeout: 10_000, encoding: 'utf8' });
  if (r.error) return `bubblewrap (${bwrap}) could not be started: ${r.error.message}`;
  if (r.status === 0) return null;
  const why = (r.stderr ?? '').trim().split('\n').pop() || `exit code ${r.status}`;
  return `bubblewrap (${bwrap}) cannot create its namespaces here (${why}): allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 or the AppArmor bwrap profile) or set FFDESK_SANDBOX=prefer`;
}
