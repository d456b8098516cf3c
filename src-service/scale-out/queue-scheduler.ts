import type { Queue } from 'bullmq';
import type { CommandsRepo } from '../db/commands-repo';
import type { Scheduler } from '../jobs/scheduler';
import type { RemoteJobs } from './remote-jobs';
import { QUEUE_NAME, redisOptions } from './redis-options';

/** BullMQ job data: only the command id (and its size, so a worker can wait for room); the plan comes from the service. */
export interface QueuedJob {
  commandId: string;
  vcpus: number;
}

/**
 * The Scheduler seam over BullMQ: QUEUED commands are added to the queue in submission order
 * and stay QUEUED until a worker claims one. The queue job id carries the attempt, so a
 * re-queued command gets a fresh job. Every sweep re-adds what is QUEUED (adding an existing
 * job id is a no-op), so a Redis that lost its data gets the queue back (docs/scale-out.md).
 */
export function createQueueScheduler(opts: { commands: CommandsRepo; redisUrl: string; jobs: RemoteJobs; lostMs: number; log(m: string): void }): Scheduler & { start(): Promise<void> } {
  let queue: Queue<QueuedJob> | null = null;
  let enqueued = new Set<string>();
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function pumpOnce(): Promise<void> {
    if (!queue) return; // not started yet: start() pumps
    const rows = opts.commands.nextQueued(100_000);
    for (const row of rows) {
      if (stopped) return;
      const jobId = `${row.id}_${row.attempts}`;
      if (enqueued.has(jobId)) continue;
      try {
        await queue.add('command', { commandId: row.id, vcpus: row.vcpu_count }, { jobId, removeOnComplete: true, removeOnFail: true });
        enqueued.add(jobId);
      } catch (err) {
        opts.log(`could not queue command ${row.id} (retried on the next sweep): ${(err as Error).message}`);
        return;
      }
    }
  }

  function pump(): void {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpOnce().finally(() => {
      pumping = null;
      if (again) {
        again = false;
        pump();
      }
    });
  }

  function sweep(): void {
    opts.jobs.sweepLost(opts.lostMs);
    enqueued = new Set(); // re-add: a no-op for jobs Redis still has
    pump();
  }

  return {
    async start() {
      // Loaded only here: the default app never loads BullMQ or opens a Redis connection.
      const { Queue } = await import('bullmq');
      queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: redisOptions(opts.redisUrl) });
      queue.on('error', (err) => opts.log(`redis queue: ${err.message}`));
      timer = setInterval(sweep, Math.max(500, Math.min(5_000, Math.floor(opts.lostMs / 3))));
      timer.unref();
      pump();
    },
    notify: () => setImmediate(pump),
    abort: (id) => (opts.jobs.cancel(id) ? Promise.resolve() : null),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pumping?.catch(() => undefined);
      await queue?.close().catch(() => undefined);
    },
    runningIds: () => opts.jobs.runningIds(),
  };
}
