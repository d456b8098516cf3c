import fs from 'node:fs/promises';
import path from 'node:path';
import { JobFailure } from '../errors';
import { listFilesRecursive } from '../storage/fs-io';

export interface FolderLimits {
  /** The job folder may not grow past this (the plan's job-folder budget or FFDESK_MAX_JOB_FOLDER_BYTES). */
  maxFolderBytes: number;
  /** What the failure message calls `maxFolderBytes`; default FFDESK_MAX_JOB_FOLDER_BYTES. */
  maxFolderName?: string;
  /** Free space on the folder's disk may not fall below this (FFDESK_MIN_FREE_DISK_BYTES). */
  minFreeBytes: number;
}

const WATCH_INTERVAL_MS = 500;

/**
 * Watches a job folder while ffmpeg writes into it (docs/sandbox.md, limits): when the
 * folder grows past its limit or the disk's free space falls below the reserve, `signal`
 * aborts with a JobFailure that says which, so the command is killed before the disk fills.
 * The reserve is at most half the space free when the step starts: on a disk that already
 * has less than FFDESK_MIN_FREE_DISK_BYTES free, a command that writes little still runs.
 */
export function watchJobFolder(work: string, limits: FolderLimits): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const effective = fs
    .statfs(work)
    .then((d) => ({ ...limits, minFreeBytes: Math.min(limits.minFreeBytes, Math.floor((d.bavail * d.bsize) / 2)) }))
    .catch(() => limits);
  let busy = false;
  const timer = setInterval(() => {
    if (busy || controller.signal.aborted) return;
    busy = true;
    void effective
      .then((l) => checkFolder(work, l))
      .then((failure) => {
        if (failure) controller.abort(failure);
      })
      .catch(() => undefined) // the folder vanished (cancel, cleanup): nothing to watch
      .finally(() => {
        busy = false;
      });
  }, WATCH_INTERVAL_MS);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

export async function checkFolder(work: string, limits: FolderLimits): Promise<JobFailure | null> {
  const disk = await fs.statfs(work);
  const free = disk.bavail * disk.bsize;
  if (free < limits.minFreeBytes) {
    return new JobFailure(
      'PROCESSING_ERROR',
      `No space left for this command: the data disk's free space fell below ${limits.minFreeBytes} bytes (FFDESK_MIN_FREE_DISK_BYTES, or half the space free when it started) while it ran, so it was stopped before the disk filled`,
    );
  }
  return checkFolderSize(work, limits);
}

/**
 * The size half of the watch, also run once after every step: a step that writes past the
 * budget between two polls and exits at once is still caught before its outputs are stored.
 */
export async function checkFolderSize(work: string, limits: Pick<FolderLimits, 'maxFolderBytes' | 'maxFolderName'>): Promise<JobFailure | null> {
  const size = await folderBytes(work);
  if (size > limits.maxFolderBytes) {
    return new JobFailure(
      'PROCESSING_ERROR',
      `The command's folder grew past ${limits.maxFolderBytes} bytes, ${limits.maxFolderName ?? 'the service-wide job-folder limit (FFDESK_MAX_JOB_FOLDER_BYTES)'} (inputs, temporary and output files together): it was stopped`,
    );
  }
  return null;
}

async function folderBytes(work: string): Promise<number> {
  let total = 0;
  for (const rel of await listFilesRecursive(work)) {
    const stat = await fs.stat(path.join(work, rel)).catch(() => null);
    total += stat?.size ?? 0;
  }
  return total;
}
