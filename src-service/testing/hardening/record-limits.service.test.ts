import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_LIMITS } from '../../accounts/record-limits';
import { startTestService, type TestService } from '../harness';
import { DEAD_URL, otherAccountKey } from './fixtures';

/**
 * Every record has a price (docs/sandbox.md, "Per-plan limits"; accounts/record-limits.ts): a
 * request larger than the plan takes and a preset larger than it stores answer 422; the 24-hour
 * counts of commands, batches, preset versions and files, and the watch folders held, answer
 * 429 with Retry-After, a `detail` naming the limit and a `hint`, before anything is stored.
 * Where a count is in the thousands the account's earlier records are written with the real
 * database (finished rows, so the scheduler leaves them alone); the request that passes the
 * count always goes through the API.
 */
let svc: TestService;
let trialKey: string;
let trialId: string;
const trial = RECORD_LIMITS.trial;

const count = (table: string, accountId: string) =>
  (svc.service.parts.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE account_id = ?`).get(accountId) as { n: number }).n;

/** `n` finished commands of the account, created `ageMs` ago (what the account's earlier submits left). */
function seedCommands(accountId: string, n: number, ageMs: number): void {
  const insert = svc.service.parts.db.prepare(
    `INSERT INTO commands (id, account_id, status, command_type, request_json, vcpu_count, max_run_seconds, is_private, created_at, name)
     VALUES (?, ?, 'FAILED', 'FFMPEG_COMMAND', '{}', 1, 60, 0, ?, NULL)`,
  );
  const at = new Date(Date.now() - ageMs).toISOString();
  svc.service.parts.db.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(crypto.randomUUID(), accountId, at);
  })();
}

const runBody = { input_files: { in_1: DEAD_URL }, output_files: { out_1: 'o.mp4' }, vcpu_count: 1, ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}' };

function expectTooMany(res: { status: number; body: any; headers: Headers }, noun: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.detail).toMatch(noun);
  expect(res.body.hint).toEqual(expect.any(String));
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

beforeAll(async () => {
  svc = await startTestService();
  const account = svc.service.parts.accounts.createAccount('trial');
  trialId = account.id;
  trialKey = svc.service.parts.accounts.addKey(account.id).key;
});
afterAll(async () => {
  await svc?.stop();
});

describe('sizes: 422 before anything is stored', () => {
  it('when a trial request is larger than the plan takes, then 422 naming the limit; the same body from the local key is read', async () => {
    const body = { ...runBody, name: 'x'.repeat(trial.requestBytes) };
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', body, { key: trialKey });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'too_long' });
    expect(res.body.detail[0].msg).toContain(`the trial plan takes at most ${trial.requestBytes} bytes per request`);
    expect(count('commands', trialId)).toBe(0);
    // The local account is bounded by the service-wide body limit only: this body is read (and refused for its long name, not its size).
    const local = await svc.api('POST', '/v1/run-ffmpeg-command', body);
    expect(JSON.stringify(local.body)).not.toContain('bytes per request');
  });

  it('when a trial preset is larger than the plan stores, then 422 and no version is saved', async () => {
    const steps = Array.from({ length: 10 }, (_, i) => `-i {{in_1}} -metadata title=${i}${'y'.repeat(4_000)} -c copy {{out_1}}`);
    const preset = { name: 'huge', inputs: [{ alias: 'in_1' }], outputs: { out_1: '{name}.mp4' }, steps };
    const res = await svc.api('POST', '/v1/presets', preset, { key: trialKey });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.detail[0].msg).toContain(`stores presets of at most ${trial.presetBytes} bytes`);
    expect(count('presets', trialId)).toBe(0);
    expect((await svc.api('POST', '/v1/presets', preset)).status).toBe(200);
  });
});

describe('counts: 429 with Retry-After and a hint, before anything is stored', () => {
  it('when a trial account made its 24-hour count of commands, then the next submit (single, multiple, dry run) is 429 and stores nothing', async () => {
    seedCommands(trialId, trial.perDay.commands, 60_000);
    const before = count('commands', trialId);
    expectTooMany(await svc.api('POST', '/v1/run-ffmpeg-command', runBody, { key: trialKey }), /Too many commands: the trial plan stores at most 1000/);
    expectTooMany(await svc.api('POST', '/v1/run-ffmpeg-command?dry_run=true', runBody, { key: trialKey }), /Too many commands/);
    const multiple = {
      input_files: runBody.input_files,
      output_files: { out_1: 'a.mp4', out_2: 'b.mp4' },
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{in_1}} {{out_2}}'],
    };
    expectTooMany(await svc.api('POST', '/v1/run-multiple-ffmpeg-commands', multiple, { key: trialKey }), /Too many commands/);
    expect(count('commands', trialId)).toBe(before);
    // The Retry-After is when the oldest of them leaves the window: about a day minus their minute.
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', runBody, { key: trialKey });
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600 - 59);
  });

  it('when those commands are older than 24 hours, then the account may submit again', async () => {
    svc.service.parts.db.prepare(`UPDATE commands SET created_at = ? WHERE account_id = ?`).run(new Date(Date.now() - 25 * 3600_000).toISOString(), trialId);
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', runBody, { key: trialKey });
    expect(res.status, res.text).toBe(200);
  });

  it('when a batch would pass the 24-hour count of commands, then it is 429 and stores no batch and no command', async () => {
    const key = otherAccountKey(svc, 'trial');
    const account = svc.service.parts.accounts.findAccountByKey(key)!;
    const preset = { name: 'copy', inputs: [{ alias: 'in_1' }], outputs: { out_1: '{name}.mp4' }, steps: ['-i {{in_1}} -c copy {{out_1}}'] };
    expect((await svc.api('POST', '/v1/presets', preset, { key })).status).toBe(200);
    seedCommands(account.id, trial.perDay.commands - 2, 60_000);
    const res = await svc.api('POST', '/v1/batches', { preset: 'copy', inputs: [DEAD_URL, DEAD_URL, DEAD_URL] }, { key });
    expectTooMany(res, /Too many commands: the trial plan stores at most 1000/);
    expect(count('batches', account.id)).toBe(0);
    expect(count('commands', account.id)).toBe(trial.perDay.commands - 2);
  });

  it('when a trial account saved its 24-hour count of preset versions, then the next save is 429', async () => {
    const key = otherAccountKey(svc, 'trial');
    const preset = (i: number) => ({
      name: 'v',
      inputs: [{ alias: 'in_1' }],
      outputs: { out_1: '{name}.mp4' },
      steps: [`-i {{in_1}} -metadata title=${i} {{out_1}}`],
    });
    expect((await svc.api('POST', '/v1/presets', preset(0), { key })).status).toBe(200);
    for (let i = 1; i < trial.perDay.presetVersions; i++) expect((await svc.api('PUT', '/v1/presets/v', preset(i), { key })).status).toBe(200);
    expectTooMany(await svc.api('PUT', '/v1/presets/v', preset(-1), { key }), /Too many preset versions/);
    expectTooMany(await svc.api('POST', '/v1/presets', { ...preset(-1), name: 'other' }, { key }), /Too many preset versions/);
    expect((await svc.api('GET', '/v1/presets/v/versions', undefined, { key })).body).toHaveLength(trial.perDay.presetVersions);
  });

  it('when a trial account made its 24-hour count of batches, then the next batch is 429', async () => {
    const key = otherAccountKey(svc, 'trial');
    const account = svc.service.parts.accounts.findAccountByKey(key)!;
    const preset = { name: 'copy', inputs: [{ alias: 'in_1' }], outputs: { out_1: '{name}.mp4' }, steps: ['-i {{in_1}} -c copy {{out_1}}'] };
    expect((await svc.api('POST', '/v1/presets', preset, { key })).status).toBe(200);
    for (let i = 0; i < trial.perDay.batches; i++)
      expect((await svc.api('POST', '/v1/batches', { preset: 'copy', inputs: [DEAD_URL] }, { key })).status).toBe(200);
    expectTooMany(await svc.api('POST', '/v1/batches', { preset: 'copy', inputs: [DEAD_URL] }, { key }), /Too many batches: the trial plan stores at most 50/);
    expect(count('batches', account.id)).toBe(trial.perDay.batches);
  });

  it('when a trial account made its 24-hour count of files, then store-file is 429 and stores nothing', async () => {
    const key = otherAccountKey(svc, 'trial');
    const account = svc.service.parts.accounts.findAccountByKey(key)!;
    const { files, db } = svc.service.parts;
    db.transaction(() => {
      for (let i = 0; i < trial.perDay.files; i++)
        files.insert({
          id: crypto.randomUUID(),
          accountId: account.id,
          serviceStoreType: 'STORED_FILE',
          status: 'FAILED',
          isPrivate: false,
          filename: `f${i}.mp4`,
        });
    })();
    expectTooMany(await svc.api('POST', '/v1/files/store-file', { file_url: DEAD_URL }, { key }), /Too many files: the trial plan stores at most 2000/);
    expect(count('files', account.id)).toBe(trial.perDay.files);
  });

  it('when the local account holds as many watch folders as allowed, then creating one more is 429', async () => {
    const local = svc.service.parts.accounts.localAccountId()!;
    const insert = svc.service.parts.db.prepare(
      `INSERT INTO watch_folders (id, account_id, folder, output_folder, preset_name, preset_version, parameters_json, stable_seconds, created_at)
       VALUES (?, ?, ?, ?, 'copy', NULL, '{}', 1, ?)`,
    );
    for (let i = 0; i < RECORD_LIMITS.local.watchFolders; i++)
      insert.run(crypto.randomUUID(), local, `/nowhere/in-${i}`, `/nowhere/out-${i}`, new Date().toISOString());
    const res = await svc.api('POST', '/v1/watch-folders', { folder: svc.dataDir + '-in', output_folder: svc.dataDir + '-out', preset: 'copy' });
    expectTooMany(res, /Too many watch folders: the local account holds at most 100/);
  });
});
