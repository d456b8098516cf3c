import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'bullmq';
import { QUEUE_NAME, redisOptions } from '../redis-options';
import type { QueuedJob } from '../queue-scheduler';
import { createServiceClient } from './service-client';
import { ApiError } from '../../client/errors';
import { describeWorker, detectWorkerEncoders } from './worker-info';
import type { MediaBinaries } from '../../media/binaries';
import { runRemoteJob } from './run-job';
import { runRemotePiece } from './run-piece';
import { createInputCache } from './input-cache';
import { createVcpuPool } from './vcpu-pool';
import { createConfiner, type Confiner, type SandboxMode } from '../../media/confine';
import { clearRunMark, killOrphanedSandboxes } from '../../media/confine/orphaned-sandboxes';

export interface WorkerOptions {
  serviceUrl: string;
  redisUrl: string;
  token: string;
  vcpus: number;
  /** The cores the worker pins its ffmpeg runs to (`--cores`); default: those its process may run on. */
  cores?: number[];
  workDir: string;
  binaries: MediaBinaries;
  /** BullMQ lock and stalled-check period: a worker killed mid-job is noticed about this long after (default 30 s). */
  stalledMs?: number;
  log(m: string): void;
  /** The service refused the worker token (revoked): the worker has stopped taking work. */
  onRevoked?(): void;
}

const HEARTBEAT_MS = 5_000;

/**
 * A scale-out worker: takes commands from the BullMQ queue, at most `vcpus` worth at once
 * (BullMQ concurrency = vcpus, and a local pool of vcpus each job waits for), and runs each
 * with runRemoteJob. Stopping puts running commands back in the queue.
 */
export async function startWorker(o: WorkerOptions): Promise<{ id: string; stop(): Promise<void> }> {
  fs.mkdirSync(o.workDir, { recursive: true });
  // Sandboxes a kill -9 of this worker left running on its work dir (docs/sandbox.md).
  killOrphanedSandboxes(o.workDir, o.log);
  const id = `${os
    .hostname()
    .replace(/[^A-Za-z0-9_.-]/g, '-')
    .slice(0, 60)}-${crypto.randomBytes(3).toString('hex')}`;
  const client = createServiceClient(o.serviceUrl, o.token);
  const ffmpegPath = o.binaries.ffmpegPath;
  const ffprobePath = o.binaries.ffprobePath;
  const info = describeWorker(o.binaries);
  const pool = createVcpuPool(o.vcpus, o.cores);
  const shutdown = new AbortController();
  const running = new Set<string>();
  const inputs = createInputCache(o.workDir);
  const confiners = new Map<SandboxMode, Confiner>();
  const confinerFor = (mode: SandboxMode): Confiner => {
    let c = confiners.get(mode);
    if (!c) confiners.set(mode, (c = createConfiner({ mode: () => mode, bwrapPath: process.env.FFDESK_BWRAP_PATH || undefined, log: o.log })));
    return c;
  };
  const heartbeat = () =>
    client
      .send('workerHeartbeat', undefined, { worker_id: id, ...info, vcpus: o.vcpus, running: [...running] }, { patienceMs: 0 })
      .catch((err: unknown) => o.log(`heartbeat: ${(err as Error).message}`));
  await client.send('workerHeartbeat', undefined, { worker_id: id, ...info, vcpus: o.vcpus, running: [] }); // a wrong token or URL fails here, at start
  const beat = setInterval(() => void heartbeat(), HEARTBEAT_MS);
  void detectWorkerEncoders(ffmpegPath, shutdown.signal).then(
    (found) => (info.hardware_encoders = found),
    (err: unknown) => o.log(`hardware encoders unknown: ${(err as Error).message}`),
  );
  const stalledMs = o.stalledMs ?? 30_000;
  const worker = new Worker<QueuedJob>(
    QUEUE_NAME,
    async (job) => {
      // Stopping before it started: the job just ends; the command is still QUEUED and the service queues it again.
      const cpus = await pool.acquire(job.data.vcpus, shutdown.signal);
      if (!cpus) return;
      const segment = job.name === 'segment' ? job.data.segment : undefined;
      const label = segment === undefined ? job.data.commandId : `${job.data.commandId}#${segment}`;
      running.add(label);
      try {
        const ctx = { client, workerId: id, workDir: o.workDir, ffmpegPath, ffprobePath, cpus, confinerFor, shutdown: shutdown.signal, log: o.log };
        // A piece of a segmented encode (docs/scale-out.md, "Segmented encodes"), or a whole command.
        if (typeof segment === 'number') await runRemotePiece({ ...ctx, inputs }, job.data.commandId, segment);
        else await runRemoteJob(ctx, job.data.commandId);
      } catch (err) {
        // A revoked token: stop taking jobs rather than failing every one; this one stays QUEUED for another worker.
        if (!(err instanceof ApiError && err.status === 401)) throw err;
        if (!shutdown.signal.aborted) {
          o.log('the service refused the worker token (revoked?): stopping');
          shutdown.abort();
          clearInterval(beat);
          void worker.close().finally(() => o.onRevoked?.());
        }
      } finally {
        running.delete(label);
        pool.release(cpus);
      }
    },
    {
      connection: redisOptions(o.redisUrl),
      concurrency: o.vcpus,
      lockDuration: stalledMs,
      stalledInterval: stalledMs,
      // A command whose worker died twice is failed INTERRUPTED by the service, like a command a restart interrupted twice.
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => o.log(`redis: ${err.message}`));
  worker.on('failed', (job, err) => o.log(`queue job ${job?.id ?? '?'} failed: ${err.message}`));
  return {
    id,
    async stop() {
      clearInterval(beat);
      shutdown.abort();
      await worker.close();
      await inputs.clear();
      clearRunMark(o.workDir);
    },
  };
}
