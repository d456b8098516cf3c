import fs from 'node:fs';

/**
 * Static Linux builds of FFmpeg (the @ffprobe-installer and johnvansickle.com builds) carry a
 * glibc of their own, yet its iconv still loads the *system's* conversion modules
 * (`/usr/lib/x86_64-linux-gnu/gconv/*.so`), built for the system's glibc: the first DVB
 * service name of an MPEG-TS file (the demuxer converts it with iconv) then jumps into
 * foreign code and the process dies with SIGSEGV (docs/ffmpeg.md, "Which ffprobe"). A static
 * build does not need those modules (ffmpeg keeps the raw name when iconv cannot convert), so
 * they are hidden from it: inside bubblewrap by an empty tmpfs over each folder below, and in
 * an unconfined run by GCONV_PATH.
 */
export const GCONV_DIRS = ['/usr/lib/x86_64-linux-gnu/gconv', '/usr/lib/aarch64-linux-gnu/gconv', '/usr/lib64/gconv', '/usr/lib/gconv'];

const PT_INTERP = 3;
const known = new Map<string, boolean>();

/**
 * True when `bin` is an ELF executable without a program interpreter (statically linked).
 * Reads its header once per path; false for anything unreadable or not ELF (macOS, Windows).
 */
export function isStaticElf(bin: string): boolean {
  const hit = known.get(bin);
  if (hit !== undefined) return hit;
  const result = readIsStatic(bin);
  known.set(bin, result);
  return result;
}

function readIsStatic(bin: string): boolean {
  let fd: number | undefined;
  try {
    fd = fs.openSync(bin, 'r');
    const head = Buffer.alloc(64);
    if (fs.readSync(fd, head, 0, 64, 0) < 64 || head.readUInt32BE(0) !== 0x7f454c46 || head[4] !== 2 || head[5] !== 1) return false; // 64-bit little-endian ELF only
    const phoff = Number(head.readBigUInt64LE(32));
    const entSize = head.readUInt16LE(54);
    const count = head.readUInt16LE(56);
    const table = Buffer.alloc(entSize * count);
    fs.readSync(fd, table, 0, table.length, phoff);
    for (let i = 0; i < count; i++) if (table.readUInt32LE(i * entSize) === PT_INTERP) return false;
    return true;
  } catch {
    return false; // unreadable: treat as an ordinary binary
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The gconv folders that exist on this machine (bubblewrap can only mount over what exists). */
export function existingGconvDirs(exists: (p: string) => boolean = fs.existsSync): string[] {
  return GCONV_DIRS.filter((d) => exists(d));
}

/**
 * Where an unconfined static build is told to look for conversion modules: nowhere. Setting
 * GCONV_PATH also makes glibc skip the system's module cache (gconv-modules.cache), which is
 * what sends the MPEG-TS demuxer into the foreign modules; best effort (the default folder's
 * plain list is still read), which is why a sandboxed run hides the folders instead.
 */
const NO_GCONV = '/nonexistent/ffdesk-no-gconv';

/** `env` plus, for a static build, GCONV_PATH naming no folder (an unconfined run). */
export function envForBinary(bin: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (process.platform !== 'linux' || !isStaticElf(bin)) return env;
  return { ...env, GCONV_PATH: NO_GCONV };
}
