import type { Queue } from 'bullmq';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { Scheduler } from '../jobs/scheduler';
import type { RemoteJobs } from './remote-jobs';
import { QUEUE_NAME, redisOptions } from './redis-options';
import { createWorkQueue } from '../work/work-queue';

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
 *
 * Its two loops run on a work queue (src-service/work/work-queue.ts): `enqueue` (adding what
 * is QUEUED to Redis, one pass at a time, again after a notify that came meanwhile) and the
 * periodic `sweep` of lost workers.
 */
export function createQueueScheduler(opts: {
  commands: CommandsRepo;
  redisUrl: string;
  jobs: RemoteJobs;
  lostMs: number;
  log(m: string): void;
}): Scheduler & { start(): Promise<void> } {
  let queue: Queue<QueuedJob> | null = null;
  let enqueued = new Set<string>();
  const sweepMs = Math.max(500, Math.min(5_000, Math.floor(opts.lostMs / 3)));
  let sweepAt = Infinity; // from start()
  let dirty = false;
  const loops = createWorkQueue<Loop>({
    name: 'redis queue',
    key: (l) => l,
    log: opts.log,
    source: {
      pick(running) {
        if (Date.now() >= sweepAt && !running.has('sweep')) {
          sweepAt = Date.now() + sweepMs;
          return 'sweep';
        }
        if (!dirty || running.has('enqueue')) return null;
        dirty = false;
        return 'enqueue';
      },
      nextDueAt: () => (Number.isFinite(sweepAt) ? sweepAt : null),
    },
    handle: (loop, signal) => (loop === 'sweep' ? Promise.resolve(sweep()) : enqueueQueued(signal)),
  });

  async function enqueueQueued(signal: AbortSignal): Promise<void> {
    if (!queue) return; // not started yet: start() pumps
    const rows = opts.commands.nextQueued(100_000);
    for (const row of rows) {
      if (signal.aborted) return;
      const jobId = `${row.id}_${row.attempts}`;
      if (enqueued.has(jobId)) continue;
      try {
        await queue.add('command', { commandId: row.id, vcpus: row.vcpuCount }, { jobId, removeOnComplete: true, removeOnFail: true });
        enqueued.add(jobId);
      } catch (err) {
        opts.log(`could not queue command ${row.id} (retried on the next sweep): ${(err as Error).message}`);
        return;
      }
    }
  }

  function pump(): void {
    dirty = true;
    loops.notify();
  }

  function sweep(): void {
    opts.jobs.sweepLost(opts.lostMs);
    enqueued = new Set(); // re-add: a no-op for jobs Redis still has
    dirty = true; // the enqueue pass starts in the same round
  }

  return {
    async start() {
      // Loaded only here: the default app never loads BullMQ or opens a Redis connection.
      const { Queue } = await import('bullmq');
      queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: redisOptions(opts.redisUrl) });
      queue.on('error', (err) => opts.log(`redis queue: ${err.message}`));
      sweepAt = Date.now() + sweepMs;
      dirty = true;
      loops.start();
    },
    notify: pump,
    abort: (id) => (opts.jobs.cancel(id) ? Promise.resolve() : null),
    async stop() {
      await loops.stop();
      await queue?.close().catch(() => undefined);
    },
    runningIds: () => opts.jobs.runningIds(),
  };
}

type Loop = 'enqueue' | 'sweep';
