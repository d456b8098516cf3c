import type { FilesRepo } from '../../files/files-repo';
import { createReadCache } from '../../db/read-cache';

/**
 * The JSON of finished commands, by account and command id, as the bytes sent. A finished
 * command's record changes only when its outputs are deleted (which moves the generation
 * on) or it is renamed (`forget`), so scripts polling it from many connections get the JSON built once. One cache per
 * service: the Koa route fills it, the fast path (poll-fast-path.ts) reads it.
 */
export interface PollCache {
  get(accountId: string, commandId: string): Buffer | undefined;
  set(accountId: string, commandId: string, json: Buffer): void;
  /** Drops one command's JSON (after a rename). */
  forget(accountId: string, commandId: string): void;
}

/** Made once by the jobs module (jobs/jobs-module.ts), which hands it to the route and the fast path. */
export function createPollCache(files: Pick<FilesRepo, 'deletions'>): PollCache {
  const entries = createReadCache<Buffer>(files.deletions);
  return {
    get: (accountId, commandId) => entries.get(`${accountId}/${commandId}`),
    set: (accountId, commandId, json) => entries.set(`${accountId}/${commandId}`, json),
    forget: (accountId, commandId) => entries.delete(`${accountId}/${commandId}`),
  };
}
