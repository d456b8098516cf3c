import type { FileHandle } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type { Answer, RequestBody } from '../../contract/endpoint';
import { workerProtocolEndpoints } from '../../contract/endpoints/worker-protocol';
import { callEndpoint, type CallInput } from '../../client/call';
import { ApiError, NetworkError, toApiError } from '../../client/errors';
import { createHttp } from '../../client/http';

type Protocol = typeof workerProtocolEndpoints;
/** The JSON calls of the worker protocol (the part PUT streams a file: putPart). */
export type WorkerCall = Exclude<keyof Protocol, 'workerUploadPart'>;
type PathParams<E> = E extends { params: z.ZodType } ? z.input<E['params']> : undefined;
interface SendOptions {
  signal?: AbortSignal;
  patienceMs?: number;
}

/** While the service is unreachable (restarting), calls are retried this long before giving up. */
const UNREACHABLE_PATIENCE_MS = 10 * 60_000;

/**
 * The worker's HTTP client for `/v1/worker/...`: bearer worker token, JSON in and out. A
 * service that is down or restarting is waited for (the worker keeps its finished files and
 * reconnects); an answer 4xx is final.
 */
export function createServiceClient(serviceUrl: string, token: string) {
  const service = createHttp({ baseUrl: serviceUrl, workerToken: token });
  const resolve = (p: string) => service.url(p);

  /** One call through the generic client (client/call.ts), retried while the service is unreachable. */
  async function call<T>(once: () => Promise<T>, opts: SendOptions = {}): Promise<T> {
    const deadline = Date.now() + (opts.patienceMs ?? UNREACHABLE_PATIENCE_MS);
    for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
      try {
        return await once();
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
    const e = workerProtocolEndpoints[op];
    const input = { params, body } as unknown as CallInput<typeof e>;
    return call(() => callEndpoint(service, e, input) as Promise<Answer<Protocol[K]>>, opts);
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
          if ((res.statusCode ?? 500) >= 300) fail(toApiError(res.statusCode ?? 500, '', parseBody(text)));
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

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { detail: text.slice(0, 500) };
  }
}

/** Connection refused/reset (service restarting) or a gateway error: worth waiting for. */
export function isTransient(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 502 || err.status === 503 || err.status === 504;
  return (
    err instanceof NetworkError ||
    err instanceof TypeError ||
    (err as NodeJS.ErrnoException)?.code === 'ECONNREFUSED' ||
    (err as NodeJS.ErrnoException)?.code === 'ECONNRESET'
  );
}
