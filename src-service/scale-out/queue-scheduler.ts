import type { Queue } from 'bullmq';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { Scheduler } from '../jobs/scheduler';
import type { RemoteJobs } from './remote-jobs';
import { QUEUE_NAME, redisOptions } from './redis-options';
import { createWorkQueue } from '../work/work-queue';
import { segmentSecondsOf } from '../segmented/run-segmented';
import type { PieceQueue, SegmentCoordinator } from './segments/coordinator';

/** BullMQ job data: only the command id (and its size, so a worker can wait for room); the plan comes from the service. */
export interface QueuedJob {
  commandId: string;
  vcpus: number;
  /** A piece of a segmented encode (queue job name `segment`, docs/scale-out.md "Segmented encodes"). */
  segment?: number;
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
  coordinator: SegmentCoordinator;
  log(m: string): void;
  /** Requests the service runs itself (edits): left QUEUED for its own runner, never added to Redis. */
  runsInService?(request: unknown): boolean;
}): Scheduler & { start(): Promise<void>; pieces(): PieceQueue | null } {
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
    handle: (loop, signal) => (loop === 'sweep' ? sweep() : enqueueQueued(signal)),
  });
  let pieces: PieceQueue | null = null;

  async function enqueueQueued(signal: AbortSignal): Promise<void> {
    if (!queue) return; // not started yet: start() pumps
    const rows = opts.commands.nextQueued(100_000);
    for (const row of rows) {
      if (signal.aborted) return;
      const jobId = `${row.id}_${row.attempts}`;
      if (enqueued.has(jobId) || opts.runsInService?.(row.request)) continue;
      if (segmentSecondsOf(row.request) !== null && pieces) {
        // A segmented encode: the service plans it, and its pieces are the queue's units of work.
        opts.coordinator.start(row, pieces);
        continue;
      }
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

  async function sweep(): Promise<void> {
    opts.jobs.sweepLost(opts.lostMs);
    if (pieces) await opts.coordinator.sweep(pieces, opts.lostMs).catch((err: unknown) => opts.log(`segmented sweep: ${(err as Error).message}`));
    enqueued = new Set(); // re-add: a no-op for jobs Redis still has
    dirty = true; // the enqueue pass starts in the same round
  }

  return {
    async start() {
      // Loaded only here: the default app never loads BullMQ or opens a Redis connection.
      const { Queue } = await import('bullmq');
      queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: redisOptions(opts.redisUrl) });
      queue.on('error', (err) => opts.log(`redis queue: ${err.message}`));
      const q = queue;
      pieces = {
        add: async (commandId, segment, jobId) =>
          void (await q.add('segment', { commandId, vcpus: 1, segment }, { jobId, removeOnComplete: true, removeOnFail: true })),
        exists: async (jobId) => (await q.getJob(jobId)) !== undefined,
      };
      sweepAt = Date.now() + sweepMs;
      dirty = true;
      loops.start();
    },
    notify: pump,
    abort: (id) => (opts.coordinator.cancel(id) || opts.jobs.cancel(id) ? Promise.resolve() : null),
    pieces: () => pieces,
    async stop() {
      await loops.stop();
      await queue?.close().catch(() => undefined);
    },
    runningIds: () => opts.jobs.runningIds(),
  };
}

type Loop = 'enqueue' | 'sweep';
