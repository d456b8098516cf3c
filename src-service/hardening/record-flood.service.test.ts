import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_LIMITS } from '../accounts/record-limits';
import { startTestService, type TestService } from '../testing/harness';
import { otherAccountKey, waitForCommandAs } from '../testing/hardening/fixtures';

/**
 * Record floods (docs/sandbox.md, per-plan limits: one 24.5 KB batch request of a trial key grew the database by
 * 364 MB): a large preset run over many inputs renders and stores one large request per item.
 * The plan's record limits (accounts/record-limits.ts, docs/sandbox.md "Per-plan limits")
 * answer 422 before anything is stored, and the largest allowed requests grow the database by
 * a bounded amount: a few times what the plan lets one request store.
 */
let svc: TestService;
let trialKey: string;
// The largest preset a trial account may store: 10 steps just under its preset size limit.
const FILLER = 'x'.repeat(Math.floor(RECORD_LIMITS.trial.presetBytes / 10) - 200);
const PRESET = {
  name: 'flood',
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}.mp4' },
  steps: Array.from({ length: 10 }, (_, i) => `-i {{in_1}} -metadata title=${i}${FILLER} -c copy {{out_1}}`),
};
// Inputs nobody serves (the discard port refuses at once): the commands fail fast, the records stay.
const inputs = (n: number) => Array.from({ length: n }, (_, i) => `http://127.0.0.1:9/in-${i}.mp4`);

/** The database's files on disk: the main file and its write-ahead log. */
const dbBytes = () => ['ffdesk.db', 'ffdesk.db-wal'].reduce((n, f) => n + (fs.statSync(path.join(svc.dataDir, f), { throwIfNoEntry: false })?.size ?? 0), 0);
/** What stays: the log folded into the main file and emptied first. */
const durableBytes = () => {
  svc.service.parts.db.pragma('wal_checkpoint(TRUNCATE)');
  return dbBytes();
};
/**
 * The write-ahead log is not growth: SQLite folds it into the main file every 1,000 pages and
 * then writes it again from its start, so its size is bounded by that (plus one transaction)
 * whatever the requests (docs/sandbox.md, "Per-plan limits").
 */
const WAL_BOUND = 8 * 1024 * 1024;

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
    // 8 steps of 31,000 characters: just under the trial plan's bytes per request.
    const steps = Array.from({ length: 8 }, (_, i) => `-i {{in_1}} -metadata title=${'z'.repeat(31_000)} -c copy {{out_${i + 1}}}`);
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
