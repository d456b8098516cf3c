import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { bodyKindOf, type Endpoint, type Operation } from '../contract/endpoint';
import { ENDPOINTS } from '../contract/endpoints';
import { API, createClient, isApiError, type FfdeskClient } from './index';

/**
 * Every endpoint declared in contract/endpoints/index.ts is reachable through the generic
 * client: the walk is derived from ENDPOINTS, so an endpoint declared later is called here
 * without being listed. Each call must reach its route (an answer the declaration lists, never
 * the router's "Not Found" for an unknown path), and a 200 JSON answer must match its schema.
 */
let svc: TestService;
let client: FfdeskClient;
let lastStatus = 0;

beforeAll(async () => {
  svc = await startTestService();
  // A wrong worker token: the worker protocol's routes must still be reached (and answer 401).
  const fetchAndNote = async (input: string, init?: RequestInit) => {
    const res = await fetch(input, init);
    lastStatus = res.status;
    return res;
  };
  client = createClient({ baseUrl: svc.url, apiKey: svc.key, workerToken: 'not-a-worker-token', fetch: fetchAndNote });
});
afterAll(async () => {
  await svc?.stop();
});

/** Placeholder path parameters (ids that do not exist), a `{}` JSON body, an empty raw body. */
function inputOf(e: Endpoint): Record<string, unknown> {
  const params = e.params ? Object.fromEntries(Object.keys(e.params.shape).map((k) => [k, k === 'part_number' ? '1' : 'missing'])) : undefined;
  const kind = bodyKindOf(e);
  const body = kind === 'raw' && e.method !== 'get' ? new Blob([]) : kind === 'json' ? {} : undefined;
  return { params, body };
}

async function reach(e: Operation): Promise<{ status: number; detail?: unknown; answer?: unknown }> {
  try {
    const answer: unknown = await client.call(e, inputOf(e));
    if (answer instanceof Response) await answer.body?.cancel();
    return { status: lastStatus, answer };
  } catch (err) {
    if (!isApiError(err)) throw err;
    return { status: err.status, detail: err.detail };
  }
}

describe('the generic client', () => {
  it('when the declarations are listed by operationId, then API holds every one of them, and only them', () => {
    expect(Object.keys(API).sort()).toEqual(ENDPOINTS.map((e) => e.operationId).sort());
  });

  it.each(ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    'when %s is called through client.call, then its route answers as declared',
    async (_, e) => {
      const { status, detail, answer } = await reach(e);
      expect(detail, 'the route exists').not.toBe('Not Found');
      expect(Object.keys(e.responses), `answered ${status}: ${JSON.stringify(detail)}`).toContain(String(status));
      const schema = e.responses['200']?.schema;
      if (status === 200 && schema) expect(schema.safeParse(answer).error).toBeUndefined();
    },
  );
});
