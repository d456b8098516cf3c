import type { AppDeps } from '../../deps';
import { createReadCache } from '../../db/read-cache';

/**
 * The JSON of finished commands, by account and command id, as the bytes sent. A finished
 * command's record changes only when its outputs are deleted (which moves the generation
 * on), so scripts polling it from many connections get the JSON built once. One cache per
 * service: the Koa route fills it, the fast path (poll-fast-path.ts) reads it.
 */
export interface PollCache {
  get(accountId: string, commandId: string): Buffer | undefined;
  set(accountId: string, commandId: string, json: Buffer): void;
}

const caches = new WeakMap<AppDeps, PollCache>();

export function pollCacheOf(deps: AppDeps): PollCache {
  let cache = caches.get(deps);
  if (!cache) {
    const entries = createReadCache<Buffer>(deps.files.deletions);
    cache = {
      get: (accountId, commandId) => entries.get(`${accountId}/${commandId}`),
      set: (accountId, commandId, json) => entries.set(`${accountId}/${commandId}`, json),
    };
    caches.set(deps, cache);
  }
  return cache;
}
