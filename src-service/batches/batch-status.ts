import type { BatchItemRow, BatchRow } from './batches-repo';

export type BatchState = 'RUNNING' | 'SUCCESS' | 'PARTIAL' | 'FAILED';

/** What GET /v1/batches/{id} shows: counts, an ETA from the pace so far, and every item. */
export function presentBatch(batch: BatchRow, items: BatchItemRow[], now = Date.now()) {
  const count = (s: BatchItemRow['status']) => items.filter((i) => i.status === s).length;
  const done = count('SUCCESS');
  const failed = count('FAILED');
  const finished = done + failed;
  const remaining = items.length - finished;
  return {
    batch_id: batch.id,
    preset: batch.preset_name,
    preset_version: batch.preset_version,
    created_at: batch.created_at,
    status: stateOf(items.length, done, failed),
    total: items.length,
    done,
    failed,
    queued: count('QUEUED'),
    processing: count('PROCESSING'),
    eta_seconds: etaSeconds(batch, items, finished, remaining, now),
    items: items.map((i) => ({
      index: i.idx,
      input: JSON.parse(i.input_json) as Record<string, string>,
      command_id: i.command_id,
      status: i.status,
      error_status: i.error_status,
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
function etaSeconds(batch: BatchRow, items: BatchItemRow[], finished: number, remaining: number, now: number): number | null {
  if (remaining === 0) return 0;
  if (finished === 0) return null;
  const lastEnd = Math.max(...items.flatMap((i) => (i.finished_at ? [Date.parse(i.finished_at)] : [])));
  const perItem = (lastEnd - Date.parse(batch.created_at)) / 1000 / finished;
  const sinceLast = (now - lastEnd) / 1000;
  return Math.max(0, Math.round(perItem * remaining - sinceLast));
}
