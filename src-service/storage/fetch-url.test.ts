import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobFailure } from '../errors';
import { downloadToFile, extensionForContentType, fileNameFromUrl, type DownloadOptions } from './fetch-url';

const MOVIE = Buffer.alloc(64 * 1024, 7);
let server: http.Server;
let base: string;
let tmp: string;
let dest: string;

/** A tiny origin with one behaviour per path. */
function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const redirect = (to: string): void => void res.writeHead(302, { location: to }).end();
  const hop = /^\/r\/(\d+)$/.exec(url.pathname);
  if (hop) return redirect(Number(hop[1]) > 1 ? `/r/${Number(hop[1]) - 1}` : '/files/My%20Movie.MP4?x=1');
  switch (url.pathname) {
    case '/files/My%20Movie.MP4':
      return void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': MOVIE.length }).end(MOVIE);
    case '/download':
      return void res.writeHead(200, { 'content-type': 'image/png; charset=binary' }).end('png');
    case '/loop-a':
      return redirect('/loop-b');
    case '/loop-b':
      return redirect(`${base}/loop-a`);
    case '/to-ftp':
      return redirect('ftp://127.0.0.1/x.mp4');
    case '/to-denied':
      return redirect('http://denied.example/x.mp4');
    case '/slow':
      res.writeHead(200, { 'content-type': 'video/mp4' });
      return void res.write('first bytes, then silence');
    case '/big-header':
      return void res.writeHead(200, { 'content-length': 10 * 1024 * 1024 }).write('x');
    case '/big-body':
      return streamChunks(res, 40, 16 * 1024);
    case '/short':
      res.writeHead(200, { 'content-length': 1000 });
      // Once the 9 bytes are handed to the kernel, a clean close (FIN, not a reset that could drop them) ends the body short.
      return void res.write('only some', () => res.socket?.end());
    default:
      return void res.writeHead(404).end('nope');
  }
}

function streamChunks(res: http.ServerResponse, count: number, size: number): void {
  res.writeHead(200, { 'content-type': 'video/mp4' }); // chunked: no length up front
  let sent = 0;
  const tick = () => {
    if (res.destroyed || sent++ >= count) return void res.end();
    res.write(Buffer.alloc(size, 1), () => setImmediate(tick));
  };
  tick();
}

beforeAll(async () => {
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-fetch-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  dest = fs.mkdtempSync(path.join(tmp, 'dest-'));
});

const opts = (over: Partial<DownloadOptions> = {}): DownloadOptions => ({
  maxBytes: 1024 * 1024,
  connectTimeoutMs: 2000,
  idleTimeoutMs: 2000,
  maxRedirects: 5,
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<JobFailure> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(JobFailure);
  expect((err as JobFailure).status).toBe('UNREACHABLE_INPUT_FILE');
  expect(fs.readdirSync(dest), 'no partial file is left').toEqual([]);
  return err as JobFailure;
}

describe('downloadToFile', () => {
  it('when the URL answers 200, then the body is streamed to a file named after the URL', async () => {
    const got = await downloadToFile(`${base}/files/My%20Movie.MP4?x=1`, dest, opts());
    expect(got).toEqual({ path: path.join(dest, 'My_Movie.MP4'), fileName: 'My_Movie.MP4', sizeBytes: MOVIE.length, contentType: 'video/mp4' });
    expect(fs.readFileSync(got.path).equals(MOVIE)).toBe(true);
    expect(fs.readdirSync(dest)).toEqual(['My_Movie.MP4']);
  });

  it('when the URL names no file, then the name gets an extension from Content-Type', async () => {
    expect((await downloadToFile(`${base}/download`, dest, opts())).fileName).toBe('download.png');
    expect((await downloadToFile(`${base}/download`, dest, opts({ fileName: 'in put.bin' }))).fileName).toBe('in_put.bin');
  });

  it('when the URL answers 404, then it fails naming the status', async () => {
    const err = await failure(downloadToFile(`${base}/missing.mp4`, dest, opts()));
    expect(err.message).toBe(`Could not download ${base}/missing.mp4: HTTP 404 Not Found`);
  });

  it('when redirects chain, then they are followed and the final name is used', async () => {
    const got = await downloadToFile(`${base}/r/3`, dest, opts());
    expect(got).toMatchObject({ fileName: 'My_Movie.MP4', sizeBytes: MOVIE.length });
  });

  it('when redirects exceed the limit, then it fails', async () => {
    expect((await failure(downloadToFile(`${base}/r/4`, dest, opts({ maxRedirects: 2 })))).message).toMatch(/too many redirects/);
  });

  it('when redirects loop, then it fails naming the loop', async () => {
    expect((await failure(downloadToFile(`${base}/loop-a`, dest, opts()))).message).toMatch(/redirect loop/);
  });

  it('when the scheme is not http(s), also after a redirect, then it fails', async () => {
    expect((await failure(downloadToFile('ftp://127.0.0.1/x.mp4', dest, opts()))).message).toMatch(/unsupported URL scheme "ftp"/);
    expect((await failure(downloadToFile('file:///etc/passwd', dest, opts()))).message).toMatch(/unsupported URL scheme/);
    expect((await failure(downloadToFile(`${base}/to-ftp`, dest, opts()))).message).toMatch(/unsupported URL scheme/);
  });

  it('when a redirect leads to a host that is not allowed, then it fails', async () => {
    const isHostAllowed = (host: string) => host !== 'denied.example';
    const err = await failure(downloadToFile(`${base}/to-denied`, dest, opts({ isHostAllowed })));
    expect(err.message).toMatch(/host denied\.example is not allowed/);
  });

  it('when the server goes silent, then the idle timeout fails the download', async () => {
    const err = await failure(downloadToFile(`${base}/slow`, dest, opts({ idleTimeoutMs: 300 })));
    expect(err.message).toMatch(/idle timeout/);
  });

  it('when Content-Length is over the limit, then it fails before reading the body', async () => {
    const err = await failure(downloadToFile(`${base}/big-header`, dest, opts({ maxBytes: 1000 })));
    expect(err.message).toMatch(/larger than the limit of 1000 bytes/);
  });

  it('when the streamed body grows over the limit, then it is cut off', async () => {
    const err = await failure(downloadToFile(`${base}/big-body`, dest, opts({ maxBytes: 100 * 1024 })));
    expect(err.message).toMatch(/larger than the limit of 102400 bytes/);
  });

  it('when the connection closes before Content-Length bytes, then it fails', async () => {
    // The count is the bytes that went on to the file: the 9 sent can still sit unread in the response's buffer when
    // the close arrives (node then drops them), so it says 9 or 0, never more than was sent.
    expect((await failure(downloadToFile(`${base}/short`, dest, opts()))).message).toMatch(/connection broke after (9|0) bytes/);
  });

  it('when nothing listens on the port, then it fails naming ECONNREFUSED', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(downloadToFile(`http://127.0.0.1:${port}/x.mp4`, dest, opts()));
    expect(err.message).toMatch(/connection refused .*ECONNREFUSED/);
  });

  it('when the host does not resolve, then it fails naming the cause', async () => {
    const err = await failure(downloadToFile('http://no-such-host.invalid/x.mp4', dest, opts()));
    expect(err.message).toMatch(/ENOTFOUND|EAI_AGAIN|timeout/);
  });

  it('when the signal aborts mid-download, then it rejects with the reason and leaves nothing', async () => {
    const ctl = new AbortController();
    const reason = new Error('cancelled');
    setTimeout(() => ctl.abort(reason), 200);
    const err = await downloadToFile(`${base}/slow`, dest, opts({ signal: ctl.signal })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBe(reason);
    expect(fs.readdirSync(dest)).toEqual([]);
  });

  it('when the signal is already aborted, then nothing is requested', async () => {
    await expect(downloadToFile(`${base}/files/My%20Movie.MP4`, dest, opts({ signal: AbortSignal.abort(new Error('stop')) }))).rejects.toThrow('stop');
  });
});

describe('fileNameFromUrl', () => {
  it.each([
    ['https://h/a/My%20Movie.MP4?x=1', 'My_Movie.MP4'],
    ['https://h/clip.final.webm#t=3', 'clip.final.webm'],
    ['https://h/%2e%2e%2f%2e%2e%2fetc%2fpasswd', 'etc_passwd'],
    ['https://h/.hidden.mp4', 'hidden.mp4'],
    ['https://h/-vf.mp4', 'vf.mp4'],
    ['https://h/caf%C3%A9%20%26%20cr%C3%A8me.mov', 'caf_cr_me.mov'],
    ['https://h/', 'fallback'],
    ['https://h/dir/', 'fallback'],
    ['https://h/%E0%A4%A', 'E0_A4_A'],
    ['not a url', 'fallback'],
  ])('%s -> %s', (url, name) => {
    expect(fileNameFromUrl(url, 'fallback')).toBe(name);
  });

  it('when the name is very long, then it is cut to 120 characters keeping the extension', () => {
    const name = fileNameFromUrl(`https://h/${'a'.repeat(300)}.mp4`, 'x');
    expect(name).toHaveLength(120);
    expect(name.endsWith('.mp4')).toBe(true);
  });

  it('maps media content types to extensions', () => {
    expect(extensionForContentType('video/mp4; codecs="avc1"')).toBe('.mp4');
    expect(extensionForContentType('Application/vnd.apple.mpegURL')).toBe('.m3u8');
    expect(extensionForContentType('application/octet-stream')).toBeNull();
    expect(extensionForContentType(null)).toBeNull();
  });
});
