import fs from 'node:fs';
import type { Stream } from 'node:stream';

/** O_CLOEXEC as /proc/self/fdinfo/N shows it (octal `flags:`), on every Linux architecture Node runs on. */
const O_CLOEXEC = 0o2000000;

/** One entry of a spawn's `stdio` array, as node:child_process takes it. */
export type StdioEntry = 'pipe' | 'ignore' | 'inherit' | 'overlapped' | 'ipc' | number | null | undefined | Stream;

/**
 * The descriptors above 2 this process holds open without close-on-exec: what every child it
 * starts would inherit. Node, libuv and SQLite open everything of their own close-on-exec, so
 * these are descriptors the process inherited (a pipe a careless parent left open; under
 * Electron, Chromium's own IPC descriptors of the utility process). Linux only (read from
 * /proc/self/fdinfo); elsewhere, and without /proc, none are known.
 */
export function openInheritableDescriptors(): number[] {
  if (process.platform !== 'linux') return [];
  let names: string[];
  try {
    names = fs.readdirSync('/proc/self/fd');
  } catch {
    return []; // no /proc: nothing can be learned
  }
  const found: number[] = [];
  for (const name of names) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    const flags = fdFlags(fd);
    if (flags !== null && (flags & O_CLOEXEC) === 0) found.push(fd);
  }
  return found.sort((a, b) => a - b);
}

function fdFlags(fd: number): number | null {
  try {
    const m = /^flags:\s*([0-7]+)$/m.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
    return m ? parseInt(m[1] as string, 8) : null;
  } catch {
    return null; // gone meanwhile (the directory listing's own descriptor)
  }
}

/**
 * `stdio` with `nullFd` (an open /dev/null) at each of `fds` the caller left free: libuv dup2s
 * it over that number in the child before exec, so the child finds /dev/null there, whatever
 * the parent holds at that number. A slot the caller filled (bubblewrap's `--info-fd 3` pipe)
 * already replaces the parent's descriptor and is kept; `'ignore'` above 2 does nothing in
 * libuv (the parent's descriptor would pass), so it counts as free. Pure.
 */
export function maskDescriptors(stdio: readonly StdioEntry[], fds: readonly number[], nullFd: number): StdioEntry[] {
  const out = [...stdio];
  for (const fd of fds) {
    if (fd <= 2) continue;
    while (out.length <= fd) out.push('ignore');
    if (out[fd] === 'ignore' || out[fd] == null) out[fd] = nullFd;
  }
  return out;
}

let snapshot: number[] | null = null;
let devNull: number | null = null;

/**
 * The inheritable descriptors, read once (reading /proc per spawn costs milliseconds on a busy
 * service: one file per open descriptor). What this process opens later is close-on-exec
 * (above), so the first reading stays true; a descriptor closed since and its number reused
 * only gives the child one more /dev/null.
 */
function inheritable(): number[] {
  snapshot ??= openInheritableDescriptors();
  return snapshot;
}

/**
 * The `stdio` every child of the service is spawned with (media/child-process.ts): the
 * caller's entries, and /dev/null at every inherited descriptor the parent must keep
 * (docs/sandbox.md, "Clean process start").
 */
export function childStdio(stdio: readonly StdioEntry[]): StdioEntry[] {
  const fds = inheritable();
  if (fds.length === 0) return [...stdio];
  devNull ??= fs.openSync('/dev/null', 'r+'); // close-on-exec (Node opens every file so)
  return maskDescriptors(stdio, fds, devNull);
}
