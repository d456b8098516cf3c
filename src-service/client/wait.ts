import { sleep } from './events';
import type { CommandRecord } from './types';

export interface WaitOptions {
  signal?: AbortSignal;
  intervalMs?: number;
  presignedTtlSeconds?: number;
  onPoll?(record: CommandRecord): void;
}

/** Polls a command until it is final (`SUCCESS` or `FAILED`) and returns the last record. */
export async function waitForCommand(
  getCommand: (id: string, opts: { presignedTtlSeconds?: number; signal?: AbortSignal }) => Promise<CommandRecord>,
  id: string,
  opts: WaitOptions = {},
): Promise<CommandRecord> {
  for (;;) {
    const record = await getCommand(id, { presignedTtlSeconds: opts.presignedTtlSeconds, signal: opts.signal });
    opts.onPoll?.(record);
    if (record.status === 'SUCCESS' || record.status === 'FAILED') return record;
    opts.signal?.throwIfAborted();
    await sleep(opts.intervalMs ?? 1000, opts.signal);
    opts.signal?.throwIfAborted();
  }
}
