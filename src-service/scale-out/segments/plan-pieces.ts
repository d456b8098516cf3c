import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '../../jobs/command';
import type { SegmentedState } from '../../jobs/command';
import { parseStoredRequest } from '../../jobs/submit';
import { prepareInputs } from '../../files/prepare-inputs';
import { substituteAliases } from '../../ffmpeg-args/aliases';
import { DEFAULT_SEGMENT_SECONDS } from '../../contract/commands.schema';
import { planFor, segmentSecondsOf } from '../../segmented/run-segmented';
import { loadManifest, planKey, stateDirOf, type Manifest } from '../../segmented/manifest';
import type { CoordinatorDeps } from './coordinator';
import { savePlan, type DistributedPlan } from './pieces';

export interface PlannedPieces {
  d: DistributedPlan;
  manifest: Manifest;
  stateDir: string;
  state: SegmentedState;
}

/**
 * The service plans a distributed segmented encode the way the local run does (planFor: the
 * input's facts, cuts at keyframes): it fetches the input once into a planning folder, reads
 * its key packets, and keeps the plan in the durable segments folder. A re-run of the command
 * (after it was interrupted) finds the same plan there and keeps the pieces already done.
 */
export async function planDistributed(deps: CoordinatorDeps, row: Command, signal: AbortSignal): Promise<PlannedPieces> {
  const req = parseStoredRequest(row.request);
  const dirs = { work: path.join(deps.jobsDir, `${row.id}.plan`), scratch: path.join(deps.jobsDir, `${row.id}.plan.in`) };
  const { ffmpegPath, ffprobePath } = deps.media.binaries();
  try {
    await fs.mkdir(dirs.work, { recursive: true });
    const inputs = await prepareInputs({ ...deps, ffprobePath }, req, dirs, signal);
    const alias = Object.keys(req.inputs)[0] ?? '';
    const inputPath = inputs.paths[alias] ?? '';
    const outputs = req.outputs === 'OUTPUT_FOLDER' ? {} : req.outputs;
    const tokens = substituteAliases(req.steps[0] ?? [], { ...inputs.paths, ...outputs });
    const seconds = segmentSecondsOf(row.request) ?? DEFAULT_SEGMENT_SECONDS;
    const plan = await planFor({ ffmpegPath, ffprobePath, confiner: deps.confiner }, path.join(dirs.work, inputPath), tokens, inputPath, seconds, signal);
    const d: DistributedPlan = { plan, alias, inputPath, inputBytes: inputs.bytes, inputDurations: inputs.durations };
    const stateDir = stateDirOf(deps.jobsDir, row.id);
    const manifest = loadManifest(stateDir, planKey(plan.segments, plan.encodes));
    savePlan(stateDir, d);
    const reused = plan.segments.filter((s) => manifest.done[String(s.index)]).length;
    const state: SegmentedState = {
      reused,
      segments: plan.segments.map((s) => {
        const m = manifest.done[String(s.index)];
        return { ...s, status: m ? 'REUSED' : 'PENDING', worker: m?.worker ?? null, seconds: m?.seconds ?? null };
      }),
    };
    deps.commands.setSegments(row.id, state);
    return { d, manifest, stateDir, state };
  } finally {
    await Promise.all([fs.rm(dirs.work, { recursive: true, force: true }), fs.rm(dirs.scratch, { recursive: true, force: true })]);
  }
}
