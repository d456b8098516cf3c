import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open';
import { createAccountsRepo } from '../accounts/accounts-repo';
import { createCommandsRepo, type Command, type CommandsRepo } from './commands-repo';
import { tempDir } from '../testing/harness';
import { createCommandNotifier, isFinalStatusEvent, type CommandEvent } from './notify';

let dir: string;
let db: Db;
let repo: CommandsRepo;
let accountId: string;

beforeAll(() => {
  dir = tempDir('ffdesk-notify-');
  db = openDatabase(path.join(dir, 'data'));
  repo = createCommandsRepo(db);
  accountId = createAccountsRepo(db).createAccount('pro').id;
});
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function processingCommand(): Command {
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
  expect(repo.markProcessing(id)).toBe(true);
  return repo.getAny(id) as Command;
}

describe('the job lifecycle reports by emitting events', () => {
  it('when a status changes, then every subscriber gets it in the order they subscribed, and only final ones count as final', () => {
    const notifier = createCommandNotifier({ setProgress: repo.setProgress });
    const seen: string[] = [];
    notifier.subscribe((e) => seen.push(`stream ${e.kind} ${e.row.status} final=${isFinalStatusEvent(e)}`));
    notifier.subscribe((e) => seen.push(`webhooks ${e.kind}`));
    const row = processingCommand();
    notifier.onStatus(row);
    repo.markSuccess(row.id, { total: 1, ffmpeg: 1, processingBytes: 1, log: 'ok' });
    notifier.onStatus(repo.getAny(row.id) as Command);
    notifier.onRename(repo.getAny(row.id) as Command);
    expect(seen).toEqual([
      'stream status PROCESSING final=false',
      'webhooks status',
      'stream status SUCCESS final=true',
      'webhooks status',
      'stream renamed SUCCESS final=false',
      'webhooks renamed',
    ]);
  });

  it('when progress comes faster than every 250 ms, then it is stored and announced once, and a final status lets the next one through', () => {
    const notifier = createCommandNotifier({ setProgress: repo.setProgress });
    const events: CommandEvent[] = [];
    notifier.subscribe((e) => events.push(e));
    const row = processingCommand();
    notifier.onProgress(row, { percent: 10 });
    notifier.onProgress(row, { percent: 11 });
    expect(events.filter((e) => e.kind === 'progress')).toEqual([{ kind: 'progress', row, progress: { percent: 10 } }]);
    expect(repo.getAny(row.id)?.progress).toEqual({ percent: 10 });
    notifier.onStatus({ ...row, status: 'FAILED' });
    notifier.onProgress(row, { percent: 12 });
    expect(events.filter((e) => e.kind === 'progress')).toHaveLength(2);
  });

  it('when storing or announcing progress fails, then it is logged and the caller (the running ffmpeg) goes on', () => {
    const logged: string[] = [];
    const notifier = createCommandNotifier({ setProgress: repo.setProgress, log: (m) => logged.push(m) });
    notifier.subscribe(() => {
      throw new Error('disk full');
    });
    const row = processingCommand();
    expect(() => notifier.onProgress(row, { percent: 50 })).not.toThrow();
    expect(logged).toEqual([`progress of ${row.id}: disk full`]);
  });

  it('when a subscriber unsubscribes, then it gets nothing more', () => {
    const notifier = createCommandNotifier({ setProgress: repo.setProgress });
    const seen: CommandEvent[] = [];
    const stop = notifier.subscribe((e) => seen.push(e));
    const row = processingCommand();
    notifier.onRename(row);
    stop();
    notifier.onRename(row);
    expect(seen).toHaveLength(1);
  });
});
