import type { Scheduler } from '../../jobs/scheduler';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import type { ServiceModule } from './module';
import { createWorkersRepo } from '../../scale-out/workers-repo';
import { createRemoteJobs, type RemoteJobsDeps } from '../../scale-out/remote-jobs';
import { createQueueScheduler } from '../../scale-out/queue-scheduler';
import { workerApi } from '../../api/worker-protocol/worker-protocol.routes';
import { workersRoutes } from '../../api/workers/workers.routes';
import { createSegmentCoordinator } from '../../scale-out/segments/coordinator';

export interface ScaleOut extends ServiceModule {
  scheduler: Scheduler;
  workers: ReturnType<typeof createWorkersRepo>;
}

export interface ScaleOutDeps extends Omit<RemoteJobsDeps, 'requeued'> {
  db: Db;
  config: Config;
  redisUrl: string;
  /** The service's bound URL; read by start(), which runs once the service listens (a local worker calls it over HTTP). */
  baseUrl(): string;
}

/**
 * The service's scale-out mode (FFDESK_REDIS_URL set): commands go to BullMQ for workers,
 * the `/v1/worker` routes serve them, and with FFDESK_LOCAL_WORKER=1 a worker runs inside
 * this process too. Nothing here is created, and Redis is never contacted, without the URL.
 */
export function createScaleOut(deps: ScaleOutDeps): ScaleOut {
  const workers = createWorkersRepo(deps.db);
  const coordinator = createSegmentCoordinator(deps);
  const jobs = createRemoteJobs({ ...deps, requeued: () => queue.notify(), coordinated: coordinator.isCoordinated });
  const lostMs = deps.config.workerLostSeconds * 1000;
  const queue = createQueueScheduler({
    commands: deps.commands,
    redisUrl: deps.redisUrl,
    jobs,
    lostMs,
    coordinator,
    log: deps.log,
    ...(deps.runsInService ? { runsInService: deps.runsInService } : {}),
  });
  let local: { stop(): Promise<void> } | undefined;
  let localTokenId: string | undefined;
  return {
    name: 'scale-out',
    scheduler: queue,
    routers: [workersRoutes({ workers })],
    guardedRouters: [workerApi(workers, jobs, { coordinator, pieces: () => queue.pieces() })],
    workers,
    async start() {
      await queue.start();
      if (!deps.config.localWorker) return;
      const { startWorker } = await import('../../scale-out/worker/worker');
      const { id, token } = workers.createToken('local worker (inside the service)');
      localTokenId = id;
      local = await startWorker({
        serviceUrl: deps.baseUrl(),
        redisUrl: deps.redisUrl,
        token,
        vcpus: deps.config.vcpuBudget,
        workDir: `${deps.jobsDir}/local-worker`,
        binaries: deps.media.binaries(),
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
