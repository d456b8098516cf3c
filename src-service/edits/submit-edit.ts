import type { Account } from '../accounts/account';
import type { FilesRepo } from '../files/files-repo';
import { ValidationError, type ValidationIssue } from '../errors';
import { PLAN_LIMITS, assertPrivateAllowed, assertWithinQuota } from '../accounts/plans';
import { isHttpUrl } from '../contract/names';
import { extensionOf } from '../contract/media-kinds';
import type { EditBody } from '../contract/edits.schema';
import { effectiveVcpus, queuePrepared, type PreparedCommand, type SubmitDeps } from '../jobs/submit';
import { mediaOf } from '../files/storage-access';
import { defaultRunSeconds } from '../jobs/run-limit';
import { FRAME_TOLERANCE_SECONDS } from './plan-segments';
import { segmentOutputName } from './plan-edit';
import { containerIssues, containerOf, isExactSoundCut } from './output-container';

/**
 * `POST /v1/edits` (docs/cutting.md): checks the segments (422 naming the field), the input
 * (a stored file of this account, or an http(s) URL), plan and quota, and queues an ordinary
 * command whose request is the edit. Facts only the job can know (a URL's duration, its
 * keyframes) are checked when the job plans the cut.
 */
export async function submitEdit(deps: SubmitDeps, account: Account, body: EditBody, opts: { dryRun: boolean }): Promise<string | null> {
  const prepared = prepareEdit(deps, account, body);
  assertWithinQuota(account, {
    storageUsedBytes: () => deps.files.storageUsedBytes(account.id),
    processingUsedBytes: () => deps.commands.processingUsedBytes(account.id),
  });
  deps.records?.assertRoom(account, 'commands');
  return opts.dryRun ? null : queuePrepared(deps, account, prepared);
}

function prepareEdit(deps: Pick<SubmitDeps, 'files' | 'vcpuBudget' | 'isLocalAccount'>, account: Account, body: EditBody): PreparedCommand {
  const issues = [
    ...segmentIssues(body),
    ...segmentFileIssues(body),
    ...segmentedIssues(body),
    ...containerIssues(body),
    ...inputIssues(deps.files, account, body),
  ];
  const maxRun = PLAN_LIMITS[account.plan].maxRunSeconds;
  if (body.max_command_run_seconds !== undefined && body.max_command_run_seconds > maxRun)
    issues.push({ loc: ['body', 'max_command_run_seconds'], msg: `max_command_run_seconds must be at most ${maxRun}`, type: 'less_than_equal' });
  if (issues.length > 0) throw new ValidationError(issues);
  assertPrivateAllowed(account, body.is_private);
  // Derived like a command's name, "what: input → output", so lists can show the output first (docs/cutting.md).
  const count = body.segments.length;
  const first = body.join ? body.output.filename : segmentOutputName(body, 0);
  const made = body.join || count === 1 ? first : `${first} +${count - 1}`;
  const input = inputLabel(deps.files, account, body.input);
  // An image output is a frame capture, named as one: "frame: clip.mp4 at 2.2 s → clip.png". A GIF
  // is encoded whole whatever the mode: "gif: clip.mp4 (1 segment) → clip.gif", not "smart".
  const container = containerOf(body.output.filename);
  const segments = `${count} segment${count > 1 ? 's' : ''}`;
  const what = container?.isImage
    ? `frame${count > 1 ? 's' : ''}: ${input} ${count > 1 ? `(${count} frames)` : `at ${body.segments[0]?.start ?? 0} s`}`
    : container?.isGif
      ? `gif: ${input} (${segments})`
      : `cut: ${input} (${segments}, ${isExactSoundCut(body.mode, container) ? 'exact' : body.mode})`;
  const name = body.name ?? `${what} → ${made}`;
  return {
    commandType: 'FFMPEG_CHAINED_COMMANDS',
    body: { ...body, name } as unknown as PreparedCommand['body'],
    vcpuCount: effectiveVcpus(undefined, Math.min(account.maxVcpu ?? deps.vcpuBudget, deps.vcpuBudget)),
    maxRunSeconds: body.max_command_run_seconds ?? defaultRunSeconds(deps.isLocalAccount?.(account.id) ?? false),
    isPrivate: body.is_private === true,
  };
}

/**
 * `segmented` splits a re-encode into pieces (docs/cutting.md, "Segmented re-encode"): lossless
 * encodes nothing and smart only the few frames next to each cut, so there it is refused, not
 * ignored; and the pieces join into one file, so it needs join=true.
 */
function segmentedIssues(body: EditBody): ValidationIssue[] {
  if (!body.segmented) return [];
  const loc = ['body', 'segmented'];
  if (body.mode !== 'reencode')
    return [
      {
        loc,
        msg: `segmented splits a re-encode across cores or workers: send mode "reencode" with it, or leave it out (${body.mode} ${body.mode === 'lossless' ? 'encodes nothing' : 're-encodes only the frames next to each cut'})`,
        type: 'value_error',
      },
    ];
  if (!body.join) return [{ loc, msg: 'segmented joins the pieces into one file: send join=true with it, or leave it out', type: 'value_error' }];
  return [];
}

/**
 * A segment's own `filename` (docs/cutting.md, "Fields"): only with join=false, where each segment
 * has a file; with the output's extension, which decides the format; and no two files of one
 * edit named alike (default names included; compared as a case-insensitive file system would).
 */
function segmentFileIssues(body: EditBody): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const ext = extensionOf(body.output.filename);
  const seen = new Map<string, number>();
  body.segments.forEach((s, i) => {
    const loc = ['body', 'segments', i, 'filename'];
    if (s.filename !== undefined && body.join)
      issues.push({ loc, msg: 'filename names the file of one segment: send join=false with it, or leave it out', type: 'value_error' });
    else if (s.filename !== undefined && extensionOf(s.filename) !== ext)
      issues.push({ loc, msg: `A segment's file has the extension of output.filename (.${ext}), which decides the format`, type: 'value_error' });
    if (body.join) return;
    const name = segmentOutputName(body, i).toLowerCase();
    const before = seen.get(name);
    if (before !== undefined)
      issues.push({
        loc,
        msg: `Segments ${before} and ${i} would both be written as ${segmentOutputName(body, i)}: give each its own filename`,
        type: 'value_error',
      });
    else seen.set(name, i);
  });
  return issues;
}

/** end > start, no overlap (in source time, whatever the output order). */
export function segmentIssues(body: Pick<EditBody, 'segments'>, duration?: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  body.segments.forEach((s, i) => {
    if (s.end <= s.start)
      issues.push({ loc: ['body', 'segments', i, 'end'], msg: `end (${s.end}) must be greater than start (${s.start})`, type: 'greater_than' });
    if (duration !== undefined && s.start >= duration)
      issues.push({ loc: ['body', 'segments', i, 'start'], msg: `start (${s.start}) is past the input's end (${duration} s)`, type: 'less_than' });
    if (duration !== undefined && s.end > duration + FRAME_TOLERANCE_SECONDS)
      issues.push({ loc: ['body', 'segments', i, 'end'], msg: `end (${s.end}) is past the input's end (${duration} s)`, type: 'less_than_equal' });
  });
  const order = body.segments.map((s, i) => ({ s, i })).sort((a, b) => a.s.start - b.s.start);
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1]!;
    const cur = order[k]!;
    if (cur.s.start < prev.s.end)
      issues.push({
        loc: ['body', 'segments', cur.i, 'start'],
        msg: `Segment ${cur.i} overlaps segment ${prev.i} (${prev.s.start}–${prev.s.end} s)`,
        type: 'value_error',
      });
  }
  return issues;
}

function inputIssues(files: FilesRepo, account: Account, body: EditBody): ValidationIssue[] {
  if (isHttpUrl(body.input)) return [];
  const row = files.get(account.id, body.input);
  if (!row || row.isDeleted || row.status !== 'STORED')
    return [{ loc: ['body', 'input'], msg: `No stored file ${body.input}: send a file_id of this account or an http(s) URL`, type: 'value_error' }];
  const duration = Number(mediaOf(row).duration);
  const type = mediaOf(row).file_type;
  if (type !== undefined && type !== 'video' && type !== 'audio')
    return [{ loc: ['body', 'input'], msg: `File ${body.input} is ${type}, not video or audio`, type: 'value_error' }];
  return Number.isFinite(duration) && duration > 0 ? segmentIssues(body, duration).filter((i) => i.type !== 'greater_than' && i.type !== 'value_error') : [];
}

function inputLabel(files: FilesRepo, account: Account, input: string): string {
  if (isHttpUrl(input)) return decodeURIComponent(new URL(input).pathname.split('/').pop() || input).slice(0, 100);
  return files.get(account.id, input)?.filename ?? input;
}
