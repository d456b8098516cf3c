import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open';
import { createAccountsRepo } from '../accounts/accounts-repo';
import { createCommandsRepo, type CommandsRepo } from './commands-repo';
import { COMMAND_TRANSITIONS, type CommandStatus } from './state';
import { IllegalTransitionError } from '../errors';

const STATUSES: CommandStatus[] = ['QUEUED', 'PROCESSING', 'SUCCESS', 'FAILED'];
const ANY_FAILURE = { errorStatus: 'PROCESSING_ERROR' as const, errorMessage: 'boom' };

let dir: string;
let db: Db;
let repo: CommandsRepo;
let accountId: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-commands-repo-'));
  db = openDatabase(path.join(dir, 'data'));
  repo = createCommandsRepo(db);
  accountId = createAccountsRepo(db).createAccount('pro').id;
});
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A new command brought to `status` through the repository's own writes. */
function commandIn(status: CommandStatus): string {
  const id = crypto.randomUUID();
  repo.insert({
    id,
    accountId,
    commandType: 'FFMPEG_COMMAND',
    request: { ffmpeg_command: '-version', output_files: {} },
    vcpuCount: 1,
    maxRunSeconds: 60,
    isPrivate: false,
  });
  if (status === 'QUEUED') return id;
  expect(repo.markProcessing(id)).toBe(true);
  if (status === 'SUCCESS') expect(repo.markSuccess(id, { total: 1, ffmpeg: 1, processingBytes: 1, log: 'ok' })).toBe(true);
  if (status === 'FAILED') expect(repo.markFailed(id, 'PROCESSING', ANY_FAILURE)).toBe(true);
  return id;
}

const statusOf = (id: string) => repo.getAny(id)?.status;

/** Every status write the repository offers, as callers use them. */
const WRITES: Record<string, (id: string, current: CommandStatus) => boolean> = {
  markProcessing: (id) => repo.markProcessing(id),
  takeOver: (id) => repo.takeOver(id),
  markSuccess: (id) => repo.markSuccess(id, { total: 1, ffmpeg: 1, processingBytes: 1, log: 'ok' }),
  'markFailed from the current status': (id, current) => repo.markFailed(id, current, ANY_FAILURE),
  'markFailed from QUEUED (cancel before start)': (id) => repo.markFailed(id, 'QUEUED', ANY_FAILURE),
  requeue: (id) => repo.requeue(id),
};

describe('command status writes follow the state table', () => {
  it('every transition the repository performs is in the table, and every pair in the table is performed by some write', () => {
    const performed = new Set<string>();
    for (const [name, write] of Object.entries(WRITES)) {
      let succeeded = false;
      for (const from of STATUSES) {
        const id = commandIn(from);
        let wrote: boolean;
        try {
          wrote = write(id, from);
        } catch (err) {
          expect(err, `${name} from ${from}`).toBeInstanceOf(IllegalTransitionError);
          expect(statusOf(id), `${name} from ${from} left the row alone`).toBe(from);
          continue;
        }
        const to = statusOf(id) as CommandStatus;
        if (!wrote) {
          expect(to, `${name} from ${from} wrote nothing`).toBe(from);
          continue;
        }
        expect(COMMAND_TRANSITIONS[from], `${name}: ${from} -> ${to}`).toContain(to);
        performed.add(`${from} -> ${to}`);
        succeeded = true;
      }
      expect(succeeded, `${name} succeeds from some status`).toBe(true);
    }
    const table = Object.entries(COMMAND_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`));
    expect([...performed].sort()).toEqual(table.sort());
  });

  it('when a transition is not in the table, then it throws before touching the command', () => {
    const done = commandIn('SUCCESS');
    expect(() => repo.transition(done, 'SUCCESS', 'QUEUED')).toThrow(IllegalTransitionError);
    expect(() => repo.transition(done, 'SUCCESS', 'FAILED')).toThrow(/Illegal command transition SUCCESS -> FAILED/);
    const queued = commandIn('QUEUED');
    expect(() => repo.transition(queued, 'QUEUED', 'SUCCESS')).toThrow(IllegalTransitionError);
    expect(() => repo.markFailed(queued, 'FAILED', ANY_FAILURE)).toThrow(IllegalTransitionError);
    expect(statusOf(done)).toBe('SUCCESS');
    expect(statusOf(queued)).toBe('QUEUED');
  });

  it('when the command is no longer in the expected status (a race), then the write does nothing and says so', () => {
    const id = commandIn('PROCESSING');
    expect(repo.markFailed(id, 'QUEUED', { errorStatus: 'CANCELLED', errorMessage: 'cancelled' })).toBe(false);
    expect(repo.getAny(id)).toMatchObject({ status: 'PROCESSING', errorStatus: null, finishedAt: null });
  });

  it('a transition stamps its fields: attempts and start time, progress cleared, finish time, earlier log kept when a failure brings none', () => {
    const id = commandIn('QUEUED');
    expect(repo.markProcessing(id)).toBe(true);
    repo.setProgress(id, { percent: 5, frame: 1 });
    expect(repo.getAny(id)).toMatchObject({ attempts: 1, progress: { percent: 5, frame: 1 }, finishedAt: null });
    expect(repo.getAny(id)?.startedAt).toMatch(/Z$/);
    expect(repo.takeOver(id)).toBe(true);
    expect(repo.getAny(id)).toMatchObject({ status: 'PROCESSING', attempts: 2, progress: null });
    expect(repo.markFailed(id, 'PROCESSING', { ...ANY_FAILURE, log: 'first log' })).toBe(true);
    const failed = repo.getAny(id);
    expect(failed).toMatchObject({ status: 'FAILED', errorStatus: 'PROCESSING_ERROR', errorMessage: 'boom', log: 'first log' });
    expect(failed?.finishedAt).toMatch(/Z$/);

    const requeued = commandIn('PROCESSING');
    db.prepare(`UPDATE commands SET log = 'kept' WHERE id = ?`).run(requeued);
    expect(repo.requeue(requeued)).toBe(true);
    expect(repo.getAny(requeued)).toMatchObject({ status: 'QUEUED', finishedAt: null });
    expect(repo.markProcessing(requeued)).toBe(true);
    expect(repo.markFailed(requeued, 'PROCESSING', { errorStatus: 'INTERRUPTED', errorMessage: 'stopped', log: null })).toBe(true);
    expect(repo.getAny(requeued)).toMatchObject({ attempts: 2, log: 'kept', totalProcessingSeconds: null });
  });

  it('no other service file writes a command status with its own SQL', () => {
    const root = path.resolve(__dirname, '..');
    const offenders = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && path.basename(f) !== 'commands-repo.ts')
      .filter((f) => /UPDATE\s+commands\s+SET[^`'"]*\bstatus\s*=/i.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
