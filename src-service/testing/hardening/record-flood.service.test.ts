import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_LIMITS } from '../../accounts/plans';
import { startTestService, type TestService } from '../harness';
import { otherAccountKey } from './fixtures';

/**
 * Record floods (docs/sandbox.md, per-plan limits: one 24.5 KB batch request of a trial key grew the database by
 * 364 MB): a preset of 10 steps of ~30,000 characters, run over many inputs, renders and stores
 * one large request per item. The plan's record limits (accounts/plans.ts, docs/sandbox.md
 * "Limits") answer 422 before anything is stored, and the largest allowed batch grows the
 * database by a bounded amount.
 */
let svc: TestService;
let trialKey: string;
const FILLER = 'x'.repeat(29_000);
const PRESET = {
  name: 'flood',
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}.mp4' },
  steps: Array.from({ length: 10 }, (_, i) => `-i {{in_1}} -metadata title=${i}${FILLER} -c copy {{out_1}}`),
};
// Inputs nobody serves (the discard port refuses at once): the commands fail fast, the records stay.
const inputs = (n: number) => Array.from({ length: n }, (_, i) => `http://127.0.0.1:9/in-${i}.mp4`);

const dbBytes = () => ['ffdesk.db', 'ffdesk.db-wal'].reduce((n, f) => n + (fs.statSync(path.join(svc.dataDir, f), { throwIfNoEntry: false })?.size ?? 0), 0);

beforeAll(async () => {
  svc = await startTestService();
  trialKey = otherAccountKey(svc, 'trial');
  const res = await svc.api('POST', '/v1/presets', PRESET, { key: trialKey });
  expect(res.status, res.text).toBe(200);
});
afterAll(async () => {
  await svc?.stop();
});

describe('record floods', () => {
  it('when a trial batch has 600 items of a large preset, then 422 naming the item limit and nothing is stored', async () => {
    const before = dbBytes();
    const res = await svc.api('POST', '/v1/batches', { preset: 'flood', inputs: inputs(600) }, { key: trialKey });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.detail[0].msg).toMatch(/at most 100 items/);
    expect((await svc.api('GET', '/v1/batches', undefined, { key: trialKey })).body).toEqual([]);
    expect(dbBytes() - before).toBeLessThan(256 * 1024);
  });

  it('when a trial batch within the item limit would store more rendered bytes than the plan allows, then 422 before anything is stored', async () => {
    const res = await svc.api('POST', '/v1/batches', { preset: 'flood', inputs: inputs(RECORD_LIMITS.trial.batchItems) }, { key: trialKey });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.detail[0].msg).toMatch(/would store \d+ bytes of rendered commands/);
    expect((await svc.api('GET', '/v1/commands', undefined, { key: trialKey })).body).toEqual([]);
  });

  it('when the largest allowed trial batch is sent, then the database grows by a bounded amount', async () => {
    const perItem = 10 * (FILLER.length + 100);
    const n = Math.floor(RECORD_LIMITS.trial.storedRequestBytes / perItem) - 1;
    expect(n).toBeGreaterThan(1);
    const before = dbBytes();
    const res = await svc.api('POST', '/v1/batches', { preset: 'flood', inputs: inputs(n) }, { key: trialKey });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const grown = dbBytes() - before;
    // Each rendered request is stored once (the command), plus logs and records: a small multiple of the limit, never hundreds of MB.
    expect(grown).toBeLessThan(4 * RECORD_LIMITS.trial.storedRequestBytes);
  });
});
