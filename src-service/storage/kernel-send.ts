import fs from 'node:fs';
import path from 'node:path';
import type net from 'node:net';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The native module built from src-service/native/sendfile.c by `npm install` (Linux only). */
interface SendfileModule {
  /** Starts a thread that sendfile(2)s `length` bytes from `offset`; `done(errno, bytesSent)` runs on this thread. */
  start(socketFd: number, fileFd: number, offset: number, length: number, done: (errno: number, sent: number) => void): unknown;
  /** Wakes and ends the transfer; only before `done` ran. */
  cancel(handle: unknown): void;
  /** False when the host does not ignore SIGPIPE (node does). */
  usable: boolean;
}

export const SENDFILE_FILE = 'ffdesk_sendfile.node';
/** Transfers at once through the kernel; more (many paused media players) go through buffers. */
const MAX_THREADS = 64;
let threads = 0;
/** The module, or why there is none (loaded on first use). */
let loaded: { mod: SendfileModule } | { why: string } | undefined;

/**
 * The native sender, or null where there is none: not Linux, not built (no C compiler at
 * install), switched off with FFDESK_SENDFILE=0, or unusable in this host.
 */
export function sendfileModule(): SendfileModule | null {
  if (process.env.FFDESK_SENDFILE === '0') return null; // read each time: a switch, not a start-up setting
  loaded ??= load();
  return 'mod' in loaded ? loaded.mod : null;
}

/** How downloads are sent here, and why (`ffdesk doctor`). */
export function downloadPath(): { via: 'sendfile' | 'buffers'; detail: string } {
  if (sendfileModule()) return { via: 'sendfile', detail: 'sendfile(2): bytes go from the page cache to the socket (out/native/ffdesk_sendfile.node)' };
  const why = process.env.FFDESK_SENDFILE === '0' ? 'FFDESK_SENDFILE=0' : loaded && 'why' in loaded ? loaded.why : '';
  return { via: 'buffers', detail: `through buffers (${why})` };
}

/** Transfers the kernel is doing now (each on its own thread). */
export const kernelTransfers = (): number => threads;

function load(): { mod: SendfileModule } | { why: string } {
  if (process.platform !== 'linux') return { why: 'sendfile is used on Linux only' };
  // From the sources (src-service/storage) or a bundle (out/service, out/main): the build is <repo>/out/native.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = [path.resolve(here, '../../out/native', SENDFILE_FILE), path.resolve(here, '../native', SENDFILE_FILE)].find((p) => fs.existsSync(p));
  if (!file) return { why: 'the sendfile module is not built: run npm run build:native (it needs a C compiler, make and python3)' };
  try {
    const mod = createRequire(import.meta.url)(file) as SendfileModule;
    return mod.usable ? { mod } : { why: 'this process does not ignore SIGPIPE' };
  } catch (err) {
    return { why: `${file} does not load: ${(err as Error).message}` };
  }
}

/** The descriptor of a plain TCP socket that nothing else is writing to, or null. */
function socketFd(socket: net.Socket | null): number | null {
  if (!socket || socket.destroyed || 'encrypted' in socket || socket.writableLength > 0) return null;
  const fd = (socket as net.Socket & { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : null;
}

/**
 * Sends `length` bytes of `fd` from `offset` straight from the page cache to the response's
 * socket (sendfile(2) on a thread; docs/performance.md, "Downloads"). The response's headers
 * must already be in the kernel (a write callback ran). Resolves to 'sent', 'gone' (the response
 * closed, which stops the transfer) or the Error that cut it short; returns null, having done
 * nothing, where the kernel path is not available, so the caller goes on through buffers.
 */
export function kernelSend(res: ServerResponse, fd: number, offset: number, length: number): Promise<'sent' | 'gone' | Error> | null {
  const mod = sendfileModule();
  const sock = socketFd(res.socket);
  if (!mod || sock === null || res.destroyed || threads >= MAX_THREADS) return null;
  let settle: (outcome: 'sent' | 'gone' | Error) => void = () => undefined;
  const outcome = new Promise<'sent' | 'gone' | Error>((resolve) => (settle = resolve));
  let gone = false;
  let running = true;
  const onClose = () => {
    gone = true;
    if (running) mod.cancel(handle);
  };
  let handle: unknown;
  try {
    handle = mod.start(sock, fd, offset, length, (errno, sent) => {
      running = false;
      threads -= 1;
      res.off('close', onClose);
      if (gone) settle('gone');
      else if (errno === 0 && sent === length) settle('sent');
      else settle(new Error(`sendfile stopped after ${sent} of ${length} bytes (errno ${errno})`));
    });
  } catch {
    return null; // no descriptor or thread to spare: the buffers serve
  }
  threads += 1;
  res.once('close', onClose);
  return outcome;
}
