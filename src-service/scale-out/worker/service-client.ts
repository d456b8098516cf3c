import type { FileHandle } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { pathOf, type Answer, type RequestBody } from '../../contract/endpoint';
import { workerProtocolEndpoints } from '../../contract/endpoints/worker-protocol';

type Protocol = typeof workerProtocolEndpoints;
/** The JSON calls of the worker protocol (the part PUT streams a file: putPart). */
export type WorkerCall = Exclude<keyof Protocol, 'workerUploadPart'>;
type PathParams<E> = E extends { params: z.ZodType } ? z.input<E['params']> : undefined;
interface SendOptions {
  signal?: AbortSignal;
  patienceMs?: number;
}

export class ServiceAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`service answered ${status}: ${detail}`);
    this.name = 'ServiceAnswerError';
  }
}

/** While the service is unreachable (restarting), calls are retried this long before giving up. */
const UNREACHABLE_PATIENCE_MS = 10 * 60_000;

/**
 * The worker's HTTP client for `/v1/worker/...`: bearer worker token, JSON in and out. A
 * service that is down or restarting is waited for (the worker keeps its finished files and
 * reconnects); an answer 4xx is final.
 */
export function createServiceClient(serviceUrl: string, token: string) {
  const base = serviceUrl.replace(/\/+$/, '');
  const resolve = (p: string) => (/^https?:\/\//.test(p) ? p : `${base}${p}`);

  async function once<T>(method: string, p: string, body?: unknown): Promise<T> {
    const res = await fetch(resolve(p), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new ServiceAnswerError(res.status, detailOf(text));
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function call<T>(method: string, p: string, body?: unknown, opts: SendOptions = {}): Promise<T> {
    const deadline = Date.now() + (opts.patienceMs ?? UNREACHABLE_PATIENCE_MS);
    for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
      try {
        return await once<T>(method, p, body);
      } catch (err) {
        if (!isTransient(err) || Date.now() > deadline || opts.signal?.aborted) throw err;
        await sleep(delay);
      }
    }
  }

  /** One declared call: its method and path from the declaration (contract/endpoints/worker-protocol.ts). */
  function send<K extends WorkerCall>(
    op: K,
    params: PathParams<Protocol[K]>,
    body: RequestBody<Protocol[K]>,
    opts?: SendOptions,
  ): Promise<Answer<Protocol[K]>> {
    const e: { method: string; path: string } = workerProtocolEndpoints[op];
    return call(e.method.toUpperCase(), pathOf(e.path, params ?? {}), body, opts);
  }

  /** PUTs bytes [start, start+length) of an open file (checked by storage/no-follow.ts) to a signed part URL; returns the ETag. */
  function putPart(p: string, file: FileHandle, start: number, length: number): Promise<string> {
    const url = new URL(resolve(p));
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((ok, fail) => {
      const req = lib.request(url, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-length': String(length) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 300) fail(new ServiceAnswerError(res.statusCode ?? 500, detailOf(text)));
          else ok(String(res.headers.etag ?? ''));
        });
        res.on('error', fail);
      });
      req.on('error', fail);
      if (length === 0) req.end();
      else
        file
          .createReadStream({ start, end: start + length - 1, autoClose: false })
          .on('error', fail)
          .pipe(req);
    });
  }

  return { send, putPart, resolve };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;

function detailOf(text: string): string {
  try {
    const d = (JSON.parse(text) as { detail?: unknown }).detail;
    return typeof d === 'string' ? d : JSON.stringify(d);
  } catch {
    return text.slice(0, 500);
  }
}

/** Connection refused/reset (service restarting) or a gateway error: worth waiting for. */
export function isTransient(err: unknown): boolean {
  if (err instanceof ServiceAnswerError) return err.status === 502 || err.status === 503 || err.status === 504;
  return err instanceof TypeError || (err as NodeJS.ErrnoException)?.code === 'ECONNREFUSED' || (err as NodeJS.ErrnoException)?.code === 'ECONNRESET';
}
