import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_LIMITS } from '../../accounts/record-limits';
import { startTestService, type TestService } from '../harness';
import { otherAccountKey, waitForCommandAs } from './fixtures';
import {
  dbBytes as dbBytesOf,
  deadInputs as inputs,
  durableBytes as durableBytesOf,
  FLOOD_FILLER as FILLER,
  FLOOD_PRESET as PRESET,
  WAL_BOUND,
} from './record-flood';

/**
 * Record floods (testing/hardening/record-flood.ts): the plan's record limits
 * (accounts/record-limits.ts, docs/sandbox.md "Per-plan limits") answer 422 before anything
 * is stored, and the largest allowed requests grow the database by a bounded amount: a few
 * times what the plan lets one request store. The escape catalogue runs the flood too.
 */
let svc: TestService;
let trialKey: string;
const dbBytes = () => dbBytesOf(svc);
const durableBytes = () => durableBytesOf(svc);

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
    const before = durableBytes();
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
    const before = durableBytes();
    const res = await svc.api('POST', '/v1/batches', { preset: 'flood', inputs: inputs(n) }, { key: trialKey });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const live = dbBytes() - before;
    const grown = durableBytes() - before;
    console.log(`largest trial batch (${n} items): database + log grew ${live} bytes, ${grown} after a checkpoint`);
    // Each rendered request is stored once (the command), plus logs and records: a small multiple of the limit, never hundreds of MB.
    expect(grown).toBeLessThan(4 * RECORD_LIMITS.trial.storedRequestBytes);
    expect(live).toBeLessThan(4 * RECORD_LIMITS.trial.storedRequestBytes + WAL_BOUND);
  });

  it('when the largest request a trial key may send is a chained command, then it is stored once and the database grows by a bounded amount', async () => {
    // 2 steps of 31,000 characters: just under the trial plan's bytes per request.
    const steps = Array.from({ length: 2 }, (_, i) => `-i {{in_1}} -metadata title=${'z'.repeat(31_000)} -c copy {{out_${i + 1}}}`);
    const body = {
      input_files: { in_1: inputs(1)[0] },
      output_files: Object.fromEntries(steps.map((_, i) => [`out_${i + 1}`, `o${i + 1}.mp4`])),
      ffmpeg_commands: steps,
    };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    expect(bytes).toBeGreaterThan(RECORD_LIMITS.trial.requestBytes * 0.9);
    const before = durableBytes();
    const res = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', body, { key: trialKey });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const done = await waitForCommandAs(svc, res.body.command_id, trialKey);
    expect(done.status).toBe('FAILED'); // nobody serves its input: only its records stay
    const live = dbBytes() - before;
    const grown = durableBytes() - before;
    console.log(`largest trial request (${bytes} bytes): database + log grew ${live} bytes, ${grown} after a checkpoint`);
    // The request is stored with its record, and its ended state and log once more: a small multiple of what one request may send.
    expect(grown).toBeLessThan(4 * RECORD_LIMITS.trial.requestBytes);
    expect(live).toBeLessThan(4 * RECORD_LIMITS.trial.requestBytes + WAL_BOUND);
    const tooBig = await svc.api(
      'POST',
      '/v1/run-chained-ffmpeg-commands',
      { ...body, name: 'n'.repeat(RECORD_LIMITS.trial.requestBytes - bytes + 1) },
      { key: trialKey },
    );
    expect(tooBig.status).toBe(422);
  });
});
