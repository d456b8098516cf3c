import type { Db } from '../db/open';
import { nowIso } from '../db/time';
import type { CommandStatus } from '../contract/enums';
import type { Batch, BatchItem, NewBatch } from './batch';

/** The `batches` table as SQLite returns it; it never leaves this file (`toBatch` maps it). */
interface BatchRow {
  id: string;
  account_id: string;
  preset_name: string;
  preset_version: number;
  created_at: string;
}

/** A `batch_items` row joined with its command's state; it never leaves this file. */
interface BatchItemRow {
  batch_id: string;
  idx: number;
  input_json: string;
  command_id: string;
  attempts: number;
  status: CommandStatus;
  error_status: string | null;
  finished_at: string | null;
}

const toBatch = (r: BatchRow): Batch => ({
  id: r.id,
  accountId: r.account_id,
  presetName: r.preset_name,
  presetVersion: r.preset_version,
  createdAt: r.created_at,
});

const toBatchItem = (r: BatchItemRow): BatchItem => ({
  batchId: r.batch_id,
  index: r.idx,
  input: JSON.parse(r.input_json) as Record<string, string>,
  commandId: r.command_id,
  attempts: r.attempts,
  status: r.status,
  errorStatus: r.error_status,
  finishedAt: r.finished_at,
});

export function createBatchesRepo(db: Db) {
  const insertBatch = db.prepare(`INSERT INTO batches (id, account_id, preset_name, preset_version, created_at) VALUES (?, ?, ?, ?, ?)`);
  const insertItem = db.prepare(`INSERT INTO batch_items (batch_id, idx, input_json, command_id) VALUES (?, ?, ?, ?)`);
  const get = db.prepare(`SELECT * FROM batches WHERE id = ? AND account_id = ?`);
  const list = db.prepare(`SELECT * FROM batches WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`);
  const items = db.prepare(
    `SELECT i.*, c.status, c.error_status, c.finished_at FROM batch_items i JOIN commands c ON c.id = i.command_id
     WHERE i.batch_id = ? ORDER BY i.idx`,
  );
  const replace = db.prepare(`UPDATE batch_items SET command_id = ?, attempts = attempts + 1 WHERE batch_id = ? AND idx = ? AND command_id = ?`);

  return {
    insert: db.transaction((b: NewBatch, entries: { input: Record<string, string>; commandId: string }[]) => {
      insertBatch.run(b.id, b.accountId, b.presetName, b.presetVersion, nowIso());
      entries.forEach((e, i) => insertItem.run(b.id, i, JSON.stringify(e.input), e.commandId));
    }),
    get: (accountId: string, id: string): Batch | undefined => {
      const row = get.get(id, accountId) as BatchRow | undefined;
      return row && toBatch(row);
    },
    list: (accountId: string, limit: number, offset: number): Batch[] => (list.all(accountId, limit, offset) as BatchRow[]).map(toBatch),
    items: (batchId: string): BatchItem[] => (items.all(batchId) as BatchItemRow[]).map(toBatchItem),
    /** Points an item at its retry; guarded by the command it had, so two retries never both win. */
    replaceCommand: (batchId: string, idx: number, from: string, to: string): boolean => replace.run(to, batchId, idx, from).changes === 1,
  };
}

export type BatchesRepo = ReturnType<typeof createBatchesRepo>;
