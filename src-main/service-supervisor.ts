import { setTimeout as sleep } from 'node:timers/promises';
import { createRestartPolicy, type RestartDecision, type RestartPolicy } from './restart-policy';
import type { RunningService } from './service-child';

export interface SupervisorEvents {
  /** The service is up: the first time, or again after a crash (`restarted`). */
  onReady(service: RunningService, restarted: boolean): void;
  /** The process died after it was ready, with what the policy decided. */
  onCrash(code: number | null, decision: RestartDecision): void;
  /** A restart attempt that failed to start (it counts as a crash). */
  onStartFailed(err: unknown): void;
}

export interface SupervisorOptions {
  policy?: RestartPolicy;
  now?: () => number;
}

/**
 * Keeps the service running (docs/architecture.md, "The shell watches its service"): starts it,
 * and when its process dies after it was ready, restarts it as the restart policy says. The
 * new service recovers what the old one was running at boot, as after any restart. Knows
 * nothing of Electron: main passes how to start the process and what to show.
 */
export function superviseService(start: () => Promise<RunningService>, events: SupervisorEvents, opts: SupervisorOptions = {}) {
  const policy = opts.policy ?? createRestartPolicy();
  const now = opts.now ?? Date.now;
  const stopped = new AbortController();
  let current: RunningService | undefined;

  async function restartAfterCrash(code: number | null): Promise<void> {
    for (let decision = policy.onCrash(now()); ; decision = policy.onCrash(now())) {
      events.onCrash(code, decision);
      if (decision.action === 'give-up') return;
      await sleep(decision.delayMs, undefined, { signal: stopped.signal }).catch(() => undefined);
      if (stopped.signal.aborted) return;
      try {
        return watch(await start(), true);
      } catch (err) {
        events.onStartFailed(err);
        code = null;
      }
    }
  }

  function watch(service: RunningService, restarted: boolean): void {
    current = service;
    events.onReady(service, restarted);
    void service.crashed.then((code) => {
      if (current === service) current = undefined;
      if (!stopped.signal.aborted) return restartAfterCrash(code);
    });
  }

  return {
    /** The first start; its failure is the caller's (the app cannot open without a service). */
    async start(): Promise<RunningService> {
      const service = await start();
      watch(service, false);
      return service;
    },
    current: () => current,
    /** Stops watching and stops the service (running commands are re-queued). */
    async stop(): Promise<void> {
      stopped.abort();
      await current?.stop();
    },
  };
}
