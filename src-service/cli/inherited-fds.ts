import fs from 'node:fs';

/** O_CLOEXEC as /proc/self/fdinfo/N shows it (octal `flags:`), on every Linux architecture Node runs on. */
const O_CLOEXEC = 0o2000000;

/**
 * Closes the descriptors above 2 that this process inherited open without close-on-exec (a
 * pipe or file its parent forgot): they would otherwise be inherited by every ffmpeg it starts
 * and be reachable inside the sandbox through /proc/self/fd (docs/sandbox.md, "Clean process
 * start"). Node's and libuv's own descriptors are all close-on-exec, so only inherited ones are
 * touched; Node's IPC channel (NODE_CHANNEL_FD) is kept. Linux only (it reads /proc); a no-op
 * elsewhere. Returns the descriptors it closed. Call it first thing at start.
 */
export function closeInheritedDescriptors(): number[] {
  if (process.platform !== 'linux') return [];
  let names: string[];
  try {
    names = fs.readdirSync('/proc/self/fd');
  } catch {
    return []; // no /proc: nothing can be learned, nothing is closed
  }
  const keep = new Set([0, 1, 2, Number(process.env.NODE_CHANNEL_FD ?? -1)]);
  const closed: number[] = [];
  for (const name of names) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || keep.has(fd)) continue;
    const flags = fdFlags(fd);
    if (flags === null || (flags & O_CLOEXEC) !== 0) continue;
    try {
      fs.closeSync(fd);
      closed.push(fd);
    } catch {
      continue; // already gone (the directory listing's own descriptor)
    }
  }
  return closed;
}

function fdFlags(fd: number): number | null {
  try {
    const m = /^flags:\s*([0-7]+)$/m.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
    return m ? parseInt(m[1] as string, 8) : null;
  } catch {
    return null;
  }
}
