import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '../../jobs/command';
import type { SegmentedState } from '../../jobs/command';
import { nowIso } from '../../db/time';
import { parseStoredRequest } from '../../jobs/submit';
import { runSteps } from '../../jobs/run-steps';
import { handleFailure, stepLimits, storeAndCommit, type CommitDeps } from '../../jobs/runner';
import { dropState, fileOf, type Manifest } from '../../segmented/manifest';
import { createSegmentsProgress } from '../../segmented/progress';
import type { CoordinatorDeps } from './coordinator';
import type { DistributedPlan } from './pieces';

/** One segmented command the service coordinates (scale-out/segments/coordinator.ts). */
export interface Coordinated {
  row: Command;
  d: DistributedPlan;
  manifest: Manifest;
  stateDir: string;
  state: SegmentedState;
  /** The worker holding each running piece, when it last reported, and how far it got. */
  runners: Map<number, { workerId: string; lastSeen: number; outTime: number }>;
  /** Bumped each time a piece is put in the queue again, so its queue job id is new. */
  gen: Map<number, number>;
  joining: boolean;
  ffmpegSeconds: number;
  log: string[];
  /** Speed and ETA over the segments (segmented/progress.ts). */
  progress: ReturnType<typeof createSegmentsProgress>;
}

const never = new AbortController().signal;
const startedOf = (row: Command) => performance.now() - (Date.now() - Date.parse(row.startedAt ?? nowIso()));

/**
 * The end of a distributed segmented encode: the join (the pieces and the audio by stream
 * copy, in a job folder on the service, as the local run joins them), storing and the commit
 * through the embedded runner's code, or the failure; the segments folder goes either way.
 */
export function createFinisher(deps: CoordinatorDeps, forget: (id: string) => void) {
  const commitDeps = (): CommitDeps => ({ ...deps, ffprobePath: deps.media.binaries().ffprobePath, onStatus: (r) => deps.notifier.onStatus(r) });
  const landing = (id: string) => path.join(deps.jobsDir, `${id}.remote`);

  async function cleanUp(id: string): Promise<void> {
    forget(id);
    await Promise.all([dropState(deps.jobsDir, id), fs.rm(landing(id), { recursive: true, force: true })]);
  }

  async function fail(row: Command, err: unknown, log: string[]): Promise<void> {
    try {
      await handleFailure(commitDeps(), row, err, never, never, { started: startedOf(row), ffmpegSeconds: 0, log: log.join('\n') });
    } finally {
      await cleanUp(row.id);
    }
  }

  async function join(c: Coordinated): Promise<void> {
    if (c.joining) return;
    c.joining = true;
    const { plan } = c.d;
    const work = path.join(deps.jobsDir, c.row.id);
    const logs = [...c.log];
    try {
      await fs.rm(work, { recursive: true, force: true });
      await fs.mkdir(work, { recursive: true });
      for (const s of plan.segments) await fs.link(path.join(c.stateDir, fileOf(s.index)), path.join(work, plan.encodes[s.index]!.at(-1)!));
      if (plan.audio) await fs.link(path.join(c.stateDir, fileOf(plan.segments.length)), path.join(work, plan.audio.at(-1)!));
      for (const [name, text] of Object.entries(plan.files)) await fs.writeFile(path.join(work, name), text);
      const limits = stepLimits(deps.config, c.row);
      const opts = { cwd: work, cpus: [], signal: never, inputDurations: c.d.inputDurations, confiner: deps.confiner, limits, checkLists: true };
      const t0 = performance.now();
      const joined = await runSteps(deps.media.binaries().ffmpegPath, [plan.join], { ...opts, onProgress: () => undefined }, logs);
      logs.push(`--- joined ${plan.segments.length} segment(s)${plan.audio ? ' and the audio' : ''} in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
      const req = parseStoredRequest(c.row.request);
      await storeAndCommit(commitDeps(), c.row, req.outputs, work, [plan.join.at(-1)!], {
        started: startedOf(c.row),
        inputBytes: c.d.inputBytes,
        ffmpegSeconds: c.ffmpegSeconds + joined.ffmpegSeconds,
        log: logs.join('\n'),
        signal: never,
      });
      await cleanUp(c.row.id);
    } catch (err) {
      await fail(c.row, err, logs);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /** Progress over all segments: the finished ones and how far each running one got. */
  function report(c: Coordinated): void {
    const running = [...c.runners.entries()].filter(([i]) => i < c.state.segments.length).map(([, r]) => ({ outTime: r.outTime }));
    deps.notifier.onProgress(c.row, c.progress(c.state.segments, running));
  }

  return { join, fail, report };
}
