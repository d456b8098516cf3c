import type { EventEmitter } from 'node:events';
import { childCommands } from './process-memory';
import type { Rng } from './seeded-rng';
import type { SlowServer } from './slow-server';

/**
 * When to pull the plug. `random` waits a random delay; the others wait for a moment of
 * interest (a download under way, the zip just arrived so it is being unpacked, ffmpeg or
 * ffprobe running, a part PUT / complete / delete just sent) and then a short random delay,
 * so narrow windows get hit too. Each falls back to killing at its deadline.
 */
export type Trigger = 'random' | 'download' | 'unzip' | 'ffmpeg' | 'ffprobe' | 'part-put' | 'complete' | 'delete';

export const TRIGGERS: Trigger[] = ['random', 'random', 'download', 'unzip', 'ffmpeg', 'ffprobe', 'part-put', 'complete', 'delete'];

export interface TriggerContext {
  rng: Rng;
  servicePid: number;
  slow: SlowServer;
  /** Emits 'op' with the request kind as the client sends it. */
  clientOps: EventEmitter;
  deadlineMs: number;
}

/** Resolves when it is time to kill; `fired` is false when the deadline came first. */
export function waitForTrigger(t: Trigger, ctx: TriggerContext): Promise<{ fired: boolean; waitedMs: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = [];
    let done = false;
    const finish = (fired: boolean, delayMs: number) => {
      if (done) return;
      done = true;
      for (const c of cleanups) c();
      setTimeout(() => resolve({ fired, waitedMs: Date.now() - started }), delayMs);
    };
    const deadline = setTimeout(() => finish(false, 0), ctx.deadlineMs);
    cleanups.push(() => clearTimeout(deadline));
    if (t === 'random') return finish(true, ctx.rng.int(100, 3000));
    if (t === 'download' || t === 'unzip') {
      const event = t === 'download' ? 'start' : 'finish';
      const onEvent = (name: string) => {
        if ((name === '/inputs.zip') === (t === 'unzip')) finish(true, t === 'download' ? ctx.rng.int(0, 400) : ctx.rng.int(0, 40));
      };
      ctx.slow.events.on(event, onEvent);
      cleanups.push(() => ctx.slow.events.off(event, onEvent));
      return;
    }
    if (t === 'ffmpeg' || t === 'ffprobe') {
      const poll = setInterval(() => {
        if (childCommands(ctx.servicePid).some((c) => c.startsWith(t))) finish(true, t === 'ffmpeg' ? ctx.rng.int(0, 600) : ctx.rng.int(0, 15));
      }, 3);
      cleanups.push(() => clearInterval(poll));
      return;
    }
    const onOp = (kind: string) => {
      if (kind === t) finish(true, ctx.rng.int(0, t === 'part-put' ? 150 : 6));
    };
    ctx.clientOps.on('op', onOp);
    cleanups.push(() => ctx.clientOps.off('op', onOp));
  });
}
