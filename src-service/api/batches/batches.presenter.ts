import type { z } from 'zod';
import type { Batch, BatchItem, BatchView } from '../../batches/batch';
import type { BatchRecord } from '../../contract/batches.schema';

type BatchState = z.infer<typeof BatchRecord>['status'];

/** What GET /v1/batches/{id} shows: counts, an ETA from the pace so far, and every item. */
export function presentBatch({ batch, items }: BatchView, now = Date.now()): z.input<typeof BatchRecord> {
  const count = (s: BatchItem['status']) => items.filter((i) => i.status === s).length;
  const done = count('SUCCESS');
  const failed = count('FAILED');
  const finished = done + failed;
  const remaining = items.length - finished;
  return {
    batch_id: batch.id,
    preset: batch.presetName,
    preset_version: batch.presetVersion,
    created_at: batch.createdAt,
    status: stateOf(items.length, done, failed),
    total: items.length,
    done,
    failed,
    queued: count('QUEUED'),
    processing: count('PROCESSING'),
    eta_seconds: etaSeconds(batch, items, finished, remaining, now),
    items: items.map((i) => ({
      index: i.index,
      input: i.input,
      command_id: i.commandId,
      status: i.status,
      error_status: i.errorStatus,
      attempts: i.attempts,
    })),
  };
}

function stateOf(total: number, done: number, failed: number): BatchState {
  if (done + failed < total) return 'RUNNING';
  if (failed === 0) return 'SUCCESS';
  return done === 0 ? 'FAILED' : 'PARTIAL';
}

/**
 * Remaining items times the average time per finished item so far (commands run side by
 * side, so this is the batch's own pace, not one command's duration). Null until one ends.
 */
function etaSeconds(batch: Batch, items: BatchItem[], finished: number, remaining: number, now: number): number | null {
  if (remaining === 0) return 0;
  if (finished === 0) return null;
  const lastEnd = Math.max(...items.flatMap((i) => (i.finishedAt ? [Date.parse(i.finishedAt)] : [])));
  const perItem = (lastEnd - Date.parse(batch.createdAt)) / 1000 / finished;
  const sinceLast = (now - lastEnd) / 1000;
  return Math.max(0, Math.round(perItem * remaining - sinceLast));
}
