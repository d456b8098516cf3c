import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '../jobs/command';
import { prepareInputs, type InputDeps, type PreparedInputs } from '../files/prepare-inputs';
import type { CommandsRepo } from '../jobs/commands-repo';
import { JobFailure } from '../errors';
import { isHttpUrl } from '../contract/names';
import type { EditBody } from '../contract/edits.schema';
import { readCutFacts, type SubtitlesToRead } from './read-facts';
import type { CutFacts } from './facts';
import { NeedsEveryPacket, PlanError, keepsPictures, planEdit, type EditPlan } from './plan-edit';
import { isFolderBlob, mediaOf } from '../files/storage-access';
import { containerOf } from './output-container';
import { seekableInput } from './seekable-input';
import type { Progress } from '../media/progress';
import type { PrepareProgress, PreparedRun, RunKind } from '../jobs/run-kinds';

/** A stored request of `POST /v1/edits` (the command's `original_request`). */
export function isEditRequest(request: unknown): request is EditBody {
  return typeof request === 'object' && request !== null && 'segments' in request && 'input' in request;
}

/** An edit, as the runner runs it (handed to it by the composition root: jobs/run-kinds.ts). */
export const EDIT_RUN: RunKind = { name: 'edit', matches: isEditRequest, prepare: prepareEditRun };

/**
 * The part of an edit only the job can do: fetch the input into the job folder, read its
 * facts there (sandboxed ffprobe), plan the cut, write the concat lists and record the plan's
 * result. What comes back is an ordinary request of steps, which the runner runs like any
 * chained command (no second runner: docs/cutting.md).
 */
export async function prepareEditRun(
  deps: InputDeps & { commands: Pick<CommandsRepo, 'setEdit'>; ffmpegPath: string },
  row: Command,
  dirs: { work: string; scratch: string },
  signal: AbortSignal,
  onProgress?: PrepareProgress,
): Promise<PreparedRun> {
  const edit = row.request as unknown as EditBody;
  const { inputs, input, readable, log } = await fetchEditInput(deps, row, edit, dirs, signal, onProgress);
  const plan = await planFromFacts(deps, edit, input, signal);
  for (const [name, text] of Object.entries(plan.files)) await fs.writeFile(path.join(dirs.work, name), text);
  deps.commands.setEdit(row.id, plan.result);
  return {
    req: { steps: plan.steps, inputs: {}, inputZipUrl: null, outputs: plan.outputs, interims: {} },
    inputs,
    readable,
    stages: plan.stages,
    log,
  };
}

/**
 * The edit's input: a stored file linked beside the job folder (read in place), else fetched into
 * it; an MPEG-TS/PS one copied into Matroska first, so it seeks exactly (seekable-input.ts).
 * `input` is the absolute path the steps read.
 */
export async function fetchEditInput(
  deps: InputDeps & { ffmpegPath: string },
  row: Command,
  edit: EditBody,
  dirs: { work: string; scratch: string },
  signal: AbortSignal,
  onProgress?: PrepareProgress,
): Promise<{ inputs: PreparedInputs; input: string; readable: string[]; log: string[] }> {
  const linked = await linkStoredInput(deps, row.accountId, edit.input, dirs.scratch);
  const inputs = linked ?? (await prepareInputs(deps, { inputs: { in_1: inputUrl(deps, row.accountId, edit.input) }, inputZipUrl: null }, dirs, signal));
  const fetched = path.resolve(dirs.work, inputs.paths.in_1 as string);
  // Only as far as the last segment's end is copied; the copy's progress is the job's while it runs (stage "remux").
  const report = onProgress ? (p: Progress) => onProgress({ ...p, stage: 'remux' }) : undefined;
  const seekable = await seekableInput(deps, fetched, dirs.scratch, signal, { until: lastEndOf(edit), ...(report ? { onProgress: report } : {}) });
  if (seekable.remuxed) return { inputs, input: seekable.input, readable: [seekable.input], log: seekable.log ? [seekable.log] : [] };
  return { inputs, input: fetched, readable: linked ? [fetched] : [], log: [] };
}

/** The last second of the input an edit needs. */
const lastEndOf = (edit: EditBody) => Math.max(...edit.segments.map((s) => s.end));

/** The subtitle tracks' events are read only for an output that keeps them (docs/cutting.md, "Subtitles"), up to the last segment's end. */
export function subtitlesToRead(deps: { ffmpegPath: string }, edit: EditBody): SubtitlesToRead | undefined {
  const container = containerOf(edit.output.filename);
  if (!container?.subtitles || edit.subtitle_tracks?.length === 0) return undefined;
  const tracks = edit.subtitle_tracks ? { tracks: edit.subtitle_tracks } : {};
  return { ffmpegPath: deps.ffmpegPath, until: lastEndOf(edit), ...tracks, pictures: keepsPictures(container, edit) };
}

/** Reads the packets around the segments only; when they fall short (a long gap between frames), every packet. */
async function planFromFacts(deps: InputDeps & { ffmpegPath: string }, edit: EditBody, input: string, signal: AbortSignal): Promise<EditPlan> {
  const read = readFactsOf(deps, input, signal, subtitlesToRead(deps, edit));
  return planOrFail(async () => {
    try {
      return planEdit(await read(edit.segments), edit, input);
    } catch (err) {
      if (err instanceof NeedsEveryPacket) return planEdit(await read(), edit, input);
      throw err;
    }
  });
}

/** The input's cut facts (around `segments` only, when given); a file ffprobe cannot read fails INVALID_INPUT_FILE. */
export const readFactsOf =
  (deps: InputDeps, input: string, signal: AbortSignal, subtitles?: SubtitlesToRead) =>
  (segments?: EditBody['segments']): Promise<CutFacts> =>
    readCutFacts(deps.ffprobePath, input, { confiner: deps.confiner, signal, ...(subtitles ? { subtitles } : {}) }, segments).catch((err: unknown) => {
      throw new JobFailure('INVALID_INPUT_FILE', `The input cannot be cut: ${(err as Error).message}`);
    });

/** A plan the facts refuse (a segment past the input's end, one holding no frame) fails INVALID_INPUT_FILE naming the field. */
export async function planOrFail<T>(plan: () => Promise<T> | T): Promise<T> {
  try {
    return await plan();
  } catch (err) {
    if (err instanceof PlanError) throw new JobFailure('INVALID_INPUT_FILE', `${err.field.join('.')}: ${err.message}`);
    throw err;
  }
}

/**
 * A stored file on this machine is not copied: it is hard-linked beside the job folder (outside
 * what ffmpeg may write) and read in place, bound read-only into the sandbox, so a cut reads only
 * the GOPs it needs (docs/cutting.md, "How the cut runs"). A copy only where a link cannot be made.
 */
async function linkStoredInput(deps: InputDeps, accountId: string, input: string, scratch: string): Promise<PreparedInputs | null> {
  if (isHttpUrl(input)) return null;
  const row = deps.files.get(accountId, input);
  if (!row || row.isDeleted || row.status !== 'STORED' || !row.blobKey || isFolderBlob(row)) return null;
  const src = deps.blobs.localPath(row.blobKey);
  if (!src) return null;
  await fs.mkdir(scratch, { recursive: true });
  const target = path.join(
    scratch,
    `source${path
      .extname(row.filename)
      .replace(/[^.A-Za-z0-9]/g, '')
      .slice(0, 12)}`,
  );
  await fs.link(src, target).catch(() => fs.copyFile(src, target));
  const duration = Number(mediaOf(row).duration);
  return { paths: { in_1: target }, bytes: row.sizeBytes ?? 0, durations: Number.isFinite(duration) ? [duration] : [], sha256ByPath: {} };
}

/** A stored file is read through its own storage URL (signed for the run), so inputs.ts copies it from disk. */
function inputUrl(deps: InputDeps, accountId: string, input: string): string {
  if (isHttpUrl(input)) return input;
  const row = deps.files.get(accountId, input);
  const url = row ? deps.urls.storageUrl(row, 6 * 3600) : null;
  if (!url) throw new JobFailure('UNREACHABLE_INPUT_FILE', `The stored file ${input} is gone`);
  return url;
}
