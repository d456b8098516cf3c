import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';
import { createHttpClient, type HttpClient, type RawResponse } from '../../testing/hardening/http-raw';
import { lavfiOutputs, otherAccountKey } from '../../testing/hardening/fixtures';
import { pollFastPath } from './poll-fast-path';
import { MISSING_KEY_HINT, UNAUTHORIZED_DETAIL, UNAUTHORIZED_HINT } from '../http-error';

/**
 * Polls of a finished command are answered before Koa when the JSON is cached: the answer
 * must be the one the full chain gives, and every refusal must still be the chain's.
 */
let svc: TestService;
let client: HttpClient;
let host: string;
let commandId: string;

beforeAll(async () => {
  svc = await startTestService();
  client = createHttpClient(svc.url);
  host = new URL(svc.url).host;
  const done = await lavfiOutputs(svc, { out_1: 'a.mp4' });
  expect(done.status).toBe('SUCCESS');
  commandId = done.command_id;
});

afterAll(async () => {
  client?.close();
  await svc?.stop();
});

const poll = (headers: http.OutgoingHttpHeaders = {}, suffix = '') =>
  client.send({ method: 'GET', path: `/v1/commands/${commandId}${suffix}`, headers: { 'x-api-key': svc.key, ...headers } });

/** The headers that differ per response by design. */
const stable = (r: RawResponse) => {
  const { date: _date, 'x-request-id': _id, ...rest } = r.headers;
  return rest;
};

describe('poll of a finished command (fast path before Koa)', () => {
  it("when the cached answer is served, then status, headers and body equal the full chain's, with a fresh X-Request-Id", async () => {
    const viaChain = await poll({}, '?presigned_ttl_seconds=60'); // never cached: always the Koa route
    const first = await poll();
    const second = await poll();
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(stable(second)).toEqual(stable(first));
    expect(Object.keys(stable(second)).sort()).toEqual(Object.keys(stable(viaChain)).sort());
    expect(second.headers['content-type']).toBe(viaChain.headers['content-type']);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(JSON.parse(second.text)).toMatchObject({ command_id: commandId, status: 'SUCCESS' });
    expect(await poll({}, '/').then((r) => r.text)).toBe(second.text); // the router's trailing slash still works
  });

  it("when the key, Host, Origin, account, query or body is wrong, then the full chain's refusal comes back, cache or not", async () => {
    await poll();
    await poll();
    const badKey = await poll({ 'x-api-key': 'nope' });
    expect(badKey.status).toBe(401);
    expect(JSON.parse(badKey.text)).toEqual({ detail: UNAUTHORIZED_DETAIL, hint: UNAUTHORIZED_HINT });
    const noKey = await client.send({ method: 'GET', path: `/v1/commands/${commandId}` });
    expect(noKey.status).toBe(401);
    expect(JSON.parse(noKey.text)).toEqual({ detail: UNAUTHORIZED_DETAIL, hint: MISSING_KEY_HINT });
    // Two key lines: the fast path reads raw headers and leaves a repeated one to the chain, which joins them (no such key).
    expect((await poll({ 'x-api-key': [svc.key, svc.key] })).status).toBe(401);
    const mixedCase = await client.send({ method: 'GET', path: `/v1/commands/${commandId}`, headers: { 'X-Api-Key': svc.key } });
    expect(mixedCase.status).toBe(200); // header names in any case
    const foreignHost = await client.send({
      method: 'GET',
      path: `/v1/commands/${commandId}`,
      headers: { host: 'evil.example', 'x-api-key': svc.key },
      setHost: false,
    });
    expect(foreignHost.status).toBe(403);
    expect(JSON.parse(foreignHost.text)).toEqual({ detail: 'Host not allowed' });
    const foreignOrigin = await poll({ origin: 'http://evil.example' });
    expect(JSON.parse(foreignOrigin.text)).toEqual({ detail: 'Origin not allowed' });
    expect((await poll({ 'x-api-key': otherAccountKey(svc) })).status).toBe(404);
    expect((await poll({}, '?presigned_ttl_seconds=0')).status).toBe(422);
    const presigned = await poll({}, '?presigned_ttl_seconds=120');
    expect(presigned.status).toBe(200);
    expect(JSON.parse(presigned.text)).toMatchObject({ command_id: commandId, status: 'SUCCESS' });
  });

  it('when the key is revoked after the answer was cached, even on the same keep-alive connection, then the poll is refused; another key on it gets its own answer', async () => {
    const accounts = svc.service.parts.accounts;
    const account = accounts.createAccount('pro');
    const { key, id } = accounts.addKey(account.id);
    const done = await lavfiOutputs(svc, { out_1: 'b.mp4' }, { key });
    const path = `/v1/commands/${done.command_id}`;
    // One connection: the fast path remembers the key's hash on it (docs/performance.md, "Polling").
    const one = createHttpClient(svc.url, 1);
    const get = (k: string, p = path) => one.send({ method: 'GET', path: p, headers: { 'x-api-key': k } });
    try {
      expect((await get(key)).status).toBe(200);
      expect((await get(key)).status).toBe(200);
      // The local key on the same connection: that command is not its own (404), its own command is (200).
      expect((await get(svc.key)).status).toBe(404);
      expect((await get(svc.key, `/v1/commands/${commandId}`)).status).toBe(200);
      expect((await get(key)).status).toBe(200);
      expect(accounts.revokeKey(id)).toBe(true);
      expect((await get(key)).status).toBe(401);
    } finally {
      one.close();
    }
  });

  it('when its outputs are deleted, then the poll shows it at once (the cached answer is dropped)', async () => {
    const done = await lavfiOutputs(svc, { out_1: 'c.mp4' });
    const path = `/v1/commands/${done.command_id}`;
    await client.send({ method: 'GET', path, headers: { 'x-api-key': svc.key } });
    await client.send({ method: 'GET', path, headers: { 'x-api-key': svc.key } });
    expect((await svc.api('DELETE', `/v1/commands/${done.command_id}/files`)).status).toBe(204);
    const after = JSON.parse((await client.send({ method: 'GET', path, headers: { 'x-api-key': svc.key } })).text);
    expect(after.output_files.out_1.is_deleted).toBe(true);
  });

  it('when called on its own, then it answers only a cached hit with every check passed, and declines the rest', async () => {
    await poll();
    const answer = pollFastPath(
      { accounts: svc.service.parts.accounts, cache: svc.service.parts.pollCache },
      { allowedHosts: () => new Set([host]), allowedOrigins: () => new Set() },
    );
    const server = http.createServer((req, res) => {
      if (!answer(req, res)) res.writeHead(599).end('declined');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const direct = createHttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const send = (path: string, headers: http.OutgoingHttpHeaders = {}, extra: { body?: string } = {}) =>
      direct.send({ method: extra.body ? 'POST' : 'GET', path, headers: { host, 'x-api-key': svc.key, ...headers }, setHost: false, ...extra });
    try {
      expect((await send(`/v1/commands/${commandId}`)).status).toBe(200);
      expect((await send(`/v1/poll-command/${commandId}`)).status).toBe(200);
      for (const declined of [
        await send(`/v1/commands/${commandId}?presigned_ttl_seconds=60`),
        await send(`/v1/commands/${commandId}`, { 'x-api-key': 'nope' }),
        await send(`/v1/commands/${commandId}`, { host: 'evil.example' }),
        await send(`/v1/commands/${commandId}`, { origin: `http://${host}` }),
        await send(`/v1/commands/00000000-0000-0000-0000-000000000000`),
        await send(`/v1/commands/${commandId}`, {}, { body: '{}' }),
      ]) {
        expect(declined.status).toBe(599);
      }
    } finally {
      direct.close();
      await new Promise((r) => server.close(r));
    }
  });
});
