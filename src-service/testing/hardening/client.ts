import { restartablePort } from '../ports';
/** A minimal HTTP client for the hardening tests: JSON in and out, and a network failure told apart from an answer. */

/** Response bodies are untyped JSON; the tests' assertions are their types (as in testing/harness.ts). */
export type Json = any;

export interface Answer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export class NetworkError extends Error {}

export function makeClient(base: () => string, key: string) {
  return async function api<T = Json>(method: string, p: string, body?: unknown, init: { timeoutMs?: number } = {}): Promise<Answer<T>> {
    let res: Response;
    try {
      res = await fetch(p.startsWith('http') ? p : `${base()}${p}`, {
        method,
        headers: { 'X-API-KEY': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
      });
    } catch (err) {
      throw new NetworkError(`${method} ${p}: ${(err as Error).message}`, { cause: err });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new NetworkError(`${method} ${p}: body cut off: ${(err as Error).message}`, { cause: err });
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (an empty 204, a log): kept as text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

export type Api = ReturnType<typeof makeClient>;

/** A free port the test may stop and start a server on again (testing/ports.ts). */
export async function freePort(): Promise<number> {
  return restartablePort();
}
