import type { EditBody } from '../contract/edits.schema';
import { DEFAULT_SEGMENT_SECONDS } from '../contract/commands.schema';
import type { CommandsRepo } from '../jobs/commands-repo';
import { JobFailure } from '../errors';
import type { Command } from '../jobs/command';
import type { InputDeps } from '../files/prepare-inputs';
import type { PrepareProgress, PreparedRun, RunKind } from '../jobs/run-kinds';
import { planSegmented, type SegmentedPlan } from '../segmented/plan';
import { runPlanned, segmentSecondsOf } from '../segmented/run-segmented';
import { dropState } from '../segmented/manifest';
import type { CutFacts } from './facts';
import { finalAudioArgs, reencodeVideoArgs, sizeFilters } from './encoder-args';
import { containerOf, type OutputContainer } from './output-container';
import { mp4FamilyExt, timescaleArgs } from '../ffmpeg-args/mp4-family';
import { keptStreams, planEdit, sourceAudioMaps, subtitleInputs } from './plan-edit';
import { fetchEditInput, isEditRequest, planOrFail, readFactsOf, subtitlesToRead } from './run-edit';

/** `POST /v1/edits` with `mode: "reencode"` and `"segmented"` (docs/cutting.md, "Segmented re-encode"). */
export const isSegmentedEdit = (request: unknown): boolean => isEditRequest(request) && request.mode === 'reencode' && !!request.segmented;

/**
 * A segmented re-encode edit, as the runner runs it (handed to it by the composition root:
 * jobs/run-kinds.ts): the cut is planned as for any edit (the exact frames of each kept segment),
 * then those frame ranges are planned as one segmented encode (segmented/plan.ts, input ranges)
 * and run like a segmented command: pieces side by side, durable, resumable, joined by stream copy.
 */
export const SEGMENTED_EDIT_RUN: RunKind = {
  name: 'segmented edit',
  matches: isSegmentedEdit,
  prepare: prepareSegmentedEdit,
  execute: (deps, row, _req, dirs, inputs, opts, logs, prepared) => runPlanned(deps, row, prepared?.plan as SegmentedPlan, dirs, inputs, opts, logs),
  dropState: (deps, commandId) => dropState(deps.jobsDir, commandId),
};

async function prepareSegmentedEdit(
  deps: InputDeps & { commands: Pick<CommandsRepo, 'setEdit'>; ffmpegPath: string },
  row: Command,
  dirs: { work: string; scratch: string },
  signal: AbortSignal,
  onProgress?: PrepareProgress,
): Promise<PreparedRun> {
  const edit = row.request as unknown as EditBody;
  const { inputs, input, readable, log } = await fetchEditInput(deps, row, edit, dirs, signal, onProgress);
  const container = containerOf(edit.output.filename);
  if (!container) throw new JobFailure('INVALID_INPUT_FILE', `${edit.output.filename}: not a format FFDesk cuts to`);
  // Every packet: the cuts inside each kept segment are its keyframes, wherever they are.
  const facts = await readFactsOf(deps, input, signal, subtitlesToRead(deps, edit))();
  if (!facts.video)
    throw new JobFailure('INVALID_INPUT_FILE', 'A segmented edit cuts the video into pieces: the input has no video. Send it without "segmented"');
  const cut = await planOrFail(() => planEdit(facts, edit, input));
  deps.commands.setEdit(row.id, cut.result);
  // The tracks the edit keeps (audio_tracks, subtitle_tracks), as planEdit kept them.
  const { facts: kept, sourceAudio, mix } = keptStreams(facts, container, edit);
  const tokens = editTokens(kept, sourceAudio, edit, input, container);
  const ranges = cut.result.segments.map((s) => ({ start: s.actual_start, end: s.actual_end }));
  const keyframes = keyframesOf(facts);
  const seconds = segmentSecondsOf(row.request) ?? DEFAULT_SEGMENT_SECONDS;
  // The join's inputs: the pieces' list, the audio piece where there is audio, then each subtitle file.
  const subs = subtitleInputs(kept, container, ranges, 1, kept.audio ? 2 : 1, input);
  const segmentFacts = {
    keyframes,
    duration: facts.duration,
    hasAudio: kept.audio !== null,
    audioTracks: sourceAudio,
    mixAudio: mix,
    seekLead: facts.seekLead,
  };
  const plan = planSegmented(segmentFacts, tokens, input, seconds, ranges, subs.inputs.length > 0 ? subs : undefined);
  return {
    req: { steps: [tokens], inputs: {}, inputZipUrl: null, outputs: { out_1: edit.output.filename }, interims: {} },
    inputs,
    readable,
    stages: [0],
    plan,
    log,
  };
}

/**
 * The edit's re-encode as one command's arguments, as the unsegmented reencode writes its parts:
 * the first video stream and every audio track, the output's encoders, every frame at its source time.
 */
function editTokens(facts: CutFacts, sourceAudio: readonly number[], edit: EditBody, input: string, container: OutputContainer): string[] {
  const v = facts.video!;
  const audio = sourceAudioMaps(sourceAudio, 0);
  const audioCodec = facts.audio ? finalAudioArgs('choose', facts.audio, edit.output, container) : [];
  const mp4Like = mp4FamilyExt(edit.output.filename) !== undefined;
  const timescale = timescaleArgs(v.timeBase);
  const size = sizeFilters(edit.output);
  return [
    ...['-i', input, '-map', '0:v:0', ...audio, ...reencodeVideoArgs(v, edit.output, container), ...audioCodec],
    ...(size.length > 0 ? ['-vf', size.join(',')] : []),
    ...['-fps_mode', 'passthrough', '-enc_time_base:v', '-1', ...timescale, ...(mp4Like ? ['-movflags', '+faststart'] : [])],
    edit.output.filename,
  ];
}

/** Keyframe presentation times, rising, each once. */
function keyframesOf(facts: CutFacts): number[] {
  const times = (facts.video?.packets ?? []).filter((p) => p.key).map((p) => p.pts);
  return [...new Set(times)].sort((a, b) => a - b);
}
