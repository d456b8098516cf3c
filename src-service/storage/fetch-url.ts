import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { JobFailure, isDiskFullError } from '../errors';
import { chooseDownloadName, describeNetworkError } from './fetch-helpers';
import { sanitizeFileName } from './file-names';
import { whenClosed } from './fs-io';

export { extensionForContentType, fileNameFromUrl, sanitizeFileName } from './file-names';

export interface DownloadOptions {
  maxBytes: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  maxRedirects: number;
  /** Aborting rejects with the signal's reason (the caller decides what a cancel means). */
  signal?: AbortSignal;
  /** Local name to use (sanitised); default: from the URL, else `input` + an extension from Content-Type. */
  fileName?: string;
  /** Checked for the first URL and every redirect target. */
  isHostAllowed?: (host: string) => boolean;
  /** Also compute the body's SHA-256 as it streams by (the result cache), so the file is never read twice. */
  sha256?: boolean;
}

export interface DownloadResult {
  path: string;
  fileName: string;
  sizeBytes: number;
  contentType: string | null;
  /** When `sha256` was asked. */
  sha256?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

interface Ctx {
  url: string;
  opts: DownloadOptions;
  ctl: AbortController;
  kickIdle(): void;
  fail(why: string, cause?: unknown): JobFailure;
}

/**
 * Fetches an http(s) URL into `destDir`, streaming to disk, following redirects (scheme
 * and host re-checked on every hop) and enforcing size, connect and idle limits. Failures
 * are JobFailure `UNREACHABLE_INPUT_FILE` naming the cause; no partial file is left.
 */
export async function downloadToFile(url: string, destDir: string, opts: DownloadOptions): Promise<DownloadResult> {
  opts.signal?.throwIfAborted();
  const ctl = new AbortController();
  const fail = (why: string, cause?: unknown) => new JobFailure('UNREACHABLE_INPUT_FILE', `Could not download ${url}: ${why}`, { cause });
  const onAbort = () => ctl.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  const kickIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => ctl.abort(fail(`no data received for ${opts.idleTimeoutMs} ms (idle timeout)`)), opts.idleTimeoutMs);
  };
  const ctx: Ctx = { url, opts, ctl, kickIdle, fail };
  try {
    const { res, finalUrl } = await openFinalResponse(ctx);
    return await saveResponse(ctx, res, finalUrl, destDir);
  } catch (err) {
    if (ctl.signal.aborted) throw ctl.signal.reason;
    if (err instanceof JobFailure || isLocalFsError(err)) throw err; // a full disk is not an unreachable URL
    throw fail(describeNetworkError(err), err);
  } finally {
    clearTimeout(idle);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function openFinalResponse(ctx: Ctx): Promise<{ res: http.IncomingMessage; finalUrl: URL }> {
  let target = checkTarget(ctx, ctx.url);
  const seen = new Set<string>();
  for (let hops = 0; ; hops++) {
    seen.add(target.href);
    const res = await requestOnce(ctx, target);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return { res, finalUrl: target };
    res.destroy();
    if (hops >= ctx.opts.maxRedirects) throw ctx.fail(`too many redirects (more than ${ctx.opts.maxRedirects})`);
    target = checkTarget(ctx, new URL(location, target).href);
    if (seen.has(target.href)) throw ctx.fail(`redirect loop at ${target.href}`);
  }
}

function checkTarget(ctx: Ctx, raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch (err) {
    throw ctx.fail('not a valid URL', err);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw ctx.fail(`unsupported URL scheme "${u.protocol.replace(/:$/, '')}" (only http and https)`);
  }
  if (ctx.opts.isHostAllowed && !ctx.opts.isHostAllowed(u.hostname)) throw ctx.fail(`the host ${u.hostname} is not allowed`);
  return u;
}

/** One GET, resolved at the response headers; connect timeout until the socket connects. */
function requestOnce(ctx: Ctx, target: URL): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { connectTimeoutMs } = ctx.opts;
    const timer = setTimeout(() => ctx.ctl.abort(ctx.fail(`could not connect within ${connectTimeoutMs} ms (connect timeout)`)), connectTimeoutMs);
    const client = target.protocol === 'https:' ? https : http;
    const headers = { 'user-agent': 'FFDesk', accept: '*/*', 'accept-encoding': 'identity' };
    const req = client.get(target, { agent: false, signal: ctx.ctl.signal, headers }, (res) => {
      clearTimeout(timer);
      ctx.kickIdle();
      resolve(res);
    });
    req.on('socket', (socket) => {
      const connected = () => {
        clearTimeout(timer);
        ctx.kickIdle(); // from here on, silence longer than idleTimeoutMs fails the download
      };
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

async function saveResponse(ctx: Ctx, res: http.IncomingMessage, finalUrl: URL, destDir: string): Promise<DownloadResult> {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 299) {
    res.destroy();
    throw ctx.fail(`HTTP ${status} ${res.statusMessage ?? ''}`.trim());
  }
  const declared = parseLength(res.headers['content-length']);
  if (declared !== null && declared > ctx.opts.maxBytes) {
    res.destroy();
    throw ctx.fail(`the file (${declared} bytes) is larger than the limit of ${ctx.opts.maxBytes} bytes`);
  }
  const contentType = res.headers['content-type'] ?? null;
  const fileName = ctx.opts.fileName ? (sanitizeFileName(ctx.opts.fileName) ?? 'input') : chooseDownloadName(ctx.url, finalUrl.href, contentType);
  await fs.promises.mkdir(destDir, { recursive: true });
  const tmp = path.join(destDir, `.download-${crypto.randomBytes(8).toString('hex')}.part`);
  try {
    const { bytes: sizeBytes, sha256 } = await streamToFile(ctx, res, tmp);
    if (declared !== null && sizeBytes !== declared) throw ctx.fail(`the connection closed after ${sizeBytes} of ${declared} bytes`);
    const dest = path.join(destDir, fileName);
    await fs.promises.rename(tmp, dest);
    return { path: dest, fileName, sizeBytes, contentType, ...(sha256 ? { sha256 } : {}) };
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}

async function streamToFile(ctx: Ctx, res: http.IncomingMessage, tmp: string): Promise<{ bytes: number; sha256?: string }> {
  const { maxBytes } = ctx.opts;
  let bytes = 0;
  const hash = ctx.opts.sha256 ? crypto.createHash('sha256') : null;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      hash?.update(chunk);
      ctx.kickIdle();
      if (bytes > maxBytes) callback(ctx.fail(`the file is larger than the limit of ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
  const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(res, meter, out, { signal: ctx.ctl.signal });
  } catch (err) {
    await whenClosed(out); // before the caller removes the partial file
    if (ctx.ctl.signal.aborted || err instanceof JobFailure || isLocalFsError(err)) throw err;
    throw ctx.fail(`the connection broke after ${bytes} bytes (${describeNetworkError(err)})`, err);
  }
  return hash ? { bytes, sha256: hash.digest('hex') } : { bytes };
}

/** Errors of our own files carry the path, or (a write on a full disk) say the disk is full; socket errors do neither. */
function isLocalFsError(err: unknown): boolean {
  return typeof (err as NodeJS.ErrnoException | null)?.path === 'string' || isDiskFullError(err);
}

function parseLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}
