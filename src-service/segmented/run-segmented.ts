import fs from 'node:fs/promises';
import path from 'node:path';
import { substituteAliases } from '../ffmpeg-args/aliases';
import type { ParsedRequest } from '../jobs/submit';
import type { PreparedInputs } from '../files/prepare-inputs';
import type { Executed } from '../jobs/execute';
import { runSteps, type StepOptions } from '../jobs/run-steps';
import type { Confiner } from '../media/confine';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { Command, SegmentedState, StoredRequest } from '../jobs/command';
import { DEFAULT_SEGMENT_SECONDS, type RunCommandBody } from '../contract/commands.schema';
import { JobFailure } from '../errors';
import { probe, readKeyframes } from '../facts/compute';
import { fromStart, seekLeadOf, streamFactsOf } from '../facts/stream-facts';
import { planSegmented, queueOrder, type SegmentedPlan } from './plan';
import { createSegmentsProgress, type RunningSegment } from './progress';
import { dropState, fileOf, loadManifest, planKey, recordDone, stateDirOf, type Manifest } from './manifest';
import type { RunKind } from '../jobs/run-kinds';

export interface SegmentedDeps {
  ffmpegPath: string;
  ffprobePath: string;
  confiner: Confiner;
  jobsDir: string;
  commands: Pick<CommandsRepo, 'setSegments'>;
}

type RunOptions = Pick<StepOptions, 'cpus' | 'signal' | 'onProgress' | 'limits' | 'checkLists' | 'knownNames' | 'onRunTime' | 'readable'>;

/** `"segmented": true | {segment_seconds}` on a stored request, as seconds per segment; null for an ordinary command. */
export function segmentSecondsOf(request: StoredRequest): number | null {
  const s = (request as Partial<RunCommandBody>).segmented;
  if (!s) return null;
  return s === true ? DEFAULT_SEGMENT_SECONDS : (s.segment_seconds ?? DEFAULT_SEGMENT_SECONDS);
}

/** A segmented encode, as the runner runs it (handed to it by the composition root: jobs/run-kinds.ts). */
export const SEGMENTED_RUN: RunKind = {
  name: 'segmented encode',
  matches: (request) => segmentSecondsOf(request) !== null,
  execute: runSegmented,
  dropState: (deps, commandId) => dropState(deps.jobsDir, commandId),
};

/**
 * Runs a segmented encode through the job engine's step runner (runSteps: sandbox, limits,
 * progress, cancel): the input's facts are read in the job folder, planned (plan.ts), the
 * video encoded in keyframe-aligned segments side by side (one per core the command has),
 * each finished piece kept durable (manifest.ts), the audio encoded whole, and the pieces
 * joined with the audio by stream copy. A restart reuses the pieces a previous run finished.
 */
export async function runSegmented(
  deps: SegmentedDeps,
  row: Command,
  req: ParsedRequest,
  dirs: { work: string },
  inputs: PreparedInputs,
  opts: RunOptions,
  logs: string[],
): Promise<Executed> {
  const outputs = req.outputs === 'OUTPUT_FOLDER' ? {} : req.outputs;
  const tokens = substituteAliases(req.steps[0] ?? [], { ...inputs.paths, ...outputs });
  const input = Object.values(inputs.paths)[0] ?? '';
  const plan = await planFor(deps, path.resolve(dirs.work, input), tokens, input, segmentSecondsOf(row.request) ?? DEFAULT_SEGMENT_SECONDS, opts.signal);
  return runPlanned(deps, row, plan, dirs, inputs, opts, logs);
}

/**
 * Runs a planned segmented encode: the pieces a previous run finished are reused, the others
 * encoded side by side with the audio and kept durable, the whole joined. An edit planned
 * as a segmented encode (edits/segmented-edit.ts) runs through here too.
 */
export async function runPlanned(
  deps: SegmentedDeps,
  row: Command,
  plan: SegmentedPlan,
  dirs: { work: string },
  inputs: PreparedInputs,
  opts: RunOptions,
  logs: string[],
): Promise<Executed> {
  const stateDir = stateDirOf(deps.jobsDir, row.id);
  const manifest = loadManifest(stateDir, planKey(plan.segments, plan.encodes));
  const reused = Object.keys(manifest.done).length;
  const state: SegmentedState = {
    reused,
    segments: plan.segments.map((s) => {
      const d = manifest.done[String(s.index)];
      return { ...s, status: d ? 'REUSED' : 'PENDING', worker: d?.worker ?? null, seconds: d?.seconds ?? null };
    }),
  };
  deps.commands.setSegments(row.id, state);
  logs.push(`--- segmented: ${plan.segments.length} segment(s), ${reused} reused from an earlier run`);
  for (const [name, text] of Object.entries(plan.files)) await fs.writeFile(path.join(dirs.work, name), text);
  const one = (steps: string[][], o: Partial<RunOptions> = {}) =>
    runSteps(
      deps.ffmpegPath,
      steps,
      { cwd: dirs.work, inputDurations: inputs.durations, confiner: deps.confiner, ...opts, onProgress: () => undefined, ...o },
      logs,
    );
  let ffmpegSeconds = 0;
  ffmpegSeconds += await encodeSegments(deps, row, plan, state, manifest, stateDir, { work: dirs.work, opts, run: one });
  for (const s of plan.segments) await fs.link(path.join(stateDir, fileOf(s.index)), path.join(dirs.work, plan.encodes[s.index]!.at(-1)!));
  ffmpegSeconds += (await one([plan.join])).ffmpegSeconds;
  return { inputBytes: inputs.bytes, produced: [plan.join.at(-1)!], ffmpegSeconds };
}

/** The input's facts (probe, key packets) planned into segments; an input that cannot be segmented fails INVALID_INPUT_FILE. */
export async function planFor(
  deps: Pick<SegmentedDeps, 'ffmpegPath' | 'ffprobePath' | 'confiner'>,
  file: string,
  tokens: string[],
  input: string,
  seconds: number,
  signal: AbortSignal,
): Promise<SegmentedPlan> {
  const tools = { ...deps, signal };
  try {
    const probed = await probe(tools, file);
    const facts = streamFactsOf(probed);
    if (facts.video === null || facts.duration <= 0) throw new Error('it has no video stream with a known duration');
    // Counted from the container's start, as each piece's -ss is (an MPEG-TS starts at 1.4 s or more).
    const keyframes = fromStart((await readKeyframes(tools, file, 'v:0')).keyframes, facts.startTime);
    const seekLead = seekLeadOf(facts.formatName, probed.streams ?? []);
    return planSegmented({ keyframes, duration: facts.duration, hasAudio: facts.audio !== null, seekLead }, tokens, input, seconds);
  } catch (err) {
    signal.throwIfAborted();
    throw new JobFailure('INVALID_INPUT_FILE', `The input cannot be segmented: ${(err as Error).message}. Run the command without "segmented"`);
  }
}

/**
 * The pending segments and the audio, as many at a time as the command has cores, in the plan's
 * queue order (the last ones taken are its shortest, so the lanes end together: docs/scale-out.md,
 * "Balanced lanes"). The first failure stops the rest.
 */
async function encodeSegments(
  deps: SegmentedDeps,
  row: Command,
  plan: SegmentedPlan,
  state: SegmentedState,
  manifest: Manifest,
  stateDir: string,
  ctx: { work: string; opts: RunOptions; run: (steps: string[][], o?: Partial<RunOptions>) => Promise<{ ffmpegSeconds: number }> },
): Promise<number> {
  const pending = queueOrder(plan).filter((p) => p === 'audio' || state.segments[p]!.status === 'PENDING');
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.opts.signal, stop.signal]);
  const running = new Map<number, RunningSegment>();
  const progress = createSegmentsProgress();
  const report = () => ctx.opts.onProgress(progress(state.segments, running.values()));
  let seconds = 0;
  const encode = async (index: number, core: number | undefined) => {
    const seg = state.segments[index]!;
    const worker = `local:core${core ?? 'any'}`;
    Object.assign(seg, { status: 'RUNNING', worker });
    deps.commands.setSegments(row.id, state);
    const onProgress: StepOptions['onProgress'] = (p) => (running.set(index, { outTime: p.out_time_seconds, fps: p.fps }), report());
    const r = await ctx.run([plan.encodes[index]!], { signal, cpus: core === undefined ? [] : [core], onProgress });
    running.delete(index);
    seconds += r.ffmpegSeconds;
    recordDone(stateDir, manifest, index, path.join(ctx.work, plan.encodes[index]!.at(-1)!), { seconds: r.ffmpegSeconds, worker });
    Object.assign(seg, { status: 'DONE', seconds: Math.round(r.ffmpegSeconds * 1000) / 1000 });
    deps.commands.setSegments(row.id, state);
    report();
  };
  const lane = async (core: number | undefined) => {
    for (let task = pending.shift(); task !== undefined; task = pending.shift()) {
      if (task === 'audio') seconds += (await ctx.run([plan.audio!], { signal, cpus: core === undefined ? [] : [core] })).ffmpegSeconds;
      else await encode(task, core);
    }
  };
  const cores = ctx.opts.cpus.length > 0 ? ctx.opts.cpus : [undefined];
  await Promise.all(
    cores.map(async (c) => {
      try {
        await lane(c);
      } catch (err) {
        stop.abort(err); // the first failure stops the other lanes
        throw err;
      }
    }),
  );
  return seconds;
}
