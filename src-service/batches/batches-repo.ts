import type { Db } from '../db/open';
import { nowIso } from '../db/time';

export interface BatchRow {
  id: string;
  account_id: string;
  preset_name: string;
  preset_version: number;
  created_at: string;
}

export interface BatchItemRow {
  batch_id: string;
  idx: number;
  input_json: string;
  command_id: string;
  attempts: number;
  /** From the command, joined. */
  status: 'QUEUED' | 'PROCESSING' | 'SUCCESS' | 'FAILED';
  error_status: string | null;
  finished_at: string | null;
}

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
    insert: db.transaction((b: Omit<BatchRow, 'created_at'>, entries: { input: unknown; commandId: string }[]) => {
      insertBatch.run(b.id, b.account_id, b.preset_name, b.preset_version, nowIso());
      entries.forEach((e, i) => insertItem.run(b.id, i, JSON.stringify(e.input), e.commandId));
    }),
    get: (accountId: string, id: string) => get.get(id, accountId) as BatchRow | undefined,
    list: (accountId: string, limit: number, offset: number) => list.all(accountId, limit, offset) as BatchRow[],
    items: (batchId: string) => items.all(batchId) as BatchItemRow[],
    /** Points an item at its retry; guarded by the command it had, so two retries never both win. */
    replaceCommand: (batchId: string, idx: number, from: string, to: string): boolean => replace.run(to, batchId, idx, from).changes === 1,
  };
}

export type BatchesRepo = ReturnType<typeof createBatchesRepo>;
