import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import type { Scheduler } from '../jobs/scheduler';
import { createWorkersRepo } from './workers-repo';
import { createRemoteJobs } from './remote-jobs';
import { createQueueScheduler } from './queue-scheduler';
import { workerApi } from './worker-api';

export interface ScaleOut {
  scheduler: Scheduler;
  workerApi: Middleware;
  workers: ReturnType<typeof createWorkersRepo>;
  /** After the service listens (a local worker calls it over HTTP). */
  start(baseUrl: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The service's scale-out mode (FFDESK_REDIS_URL set): commands go to BullMQ for workers,
 * the `/v1/worker` routes serve them, and with FFDESK_LOCAL_WORKER=1 a worker runs inside
 * this process too. Nothing here is created, and Redis is never contacted, without the URL.
 */
export function createScaleOut(deps: AppDeps, opts: { redisUrl: string; jobsDir: string }): ScaleOut {
  const workers = createWorkersRepo(deps.db);
  const jobs = createRemoteJobs({ ...deps, jobsDir: opts.jobsDir, requeued: () => queue.notify() });
  const queue = createQueueScheduler({ commands: deps.commands, redisUrl: opts.redisUrl, jobs, lostMs: deps.config.workerLostSeconds * 1000, log: deps.log });
  let local: { stop(): Promise<void> } | undefined;
  let localTokenId: string | undefined;
  return {
    scheduler: queue,
    workerApi: workerApi(deps, workers, jobs),
    workers,
    async start(baseUrl) {
      await queue.start();
      if (!deps.config.localWorker) return;
      const { startWorker } = await import('./worker/worker');
      const { id, token } = workers.createToken('local worker (inside the service)');
      localTokenId = id;
      local = await startWorker({
        serviceUrl: baseUrl,
        redisUrl: opts.redisUrl,
        token,
        vcpus: deps.config.vcpuBudget,
        workDir: `${opts.jobsDir}/local-worker`,
        binaries: deps.media,
        log: (m) => deps.log(`local worker: ${m}`),
        ...(process.env.FFDESK_WORKER_STALLED_MS ? { stalledMs: Number(process.env.FFDESK_WORKER_STALLED_MS) } : {}),
      });
    },
    async stop() {
      await local?.stop();
      if (localTokenId) workers.revokeToken(localTokenId);
      await queue.stop();
    },
  };
}
