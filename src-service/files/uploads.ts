import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/open';
import type { Keyring } from '../storage/signing';
import type { UrlBuilder } from './urls';
import type { ProbeStoreDeps } from './probe-and-store';
import { createUploadsRepo } from './uploads-repo';
import { createUploadSessions } from './upload-sessions';
import { createPartWriter } from './upload-parts';
import { createUploadStore } from './upload-store';
import { createUploadSweep } from './upload-sweep';
import { createPartBlocks } from './upload-blocks';

export type { PartOptions, PartResult } from './upload-parts';

/**
 * Multipart direct upload (docs/api.md §4.8). Parts are written straight to their offset in one
 * preallocated staging file, so completing needs no second pass over the bytes: the
 * staging file is renamed into the blob store.
 */
export interface UploadDeps extends ProbeStoreDeps {
  config: Pick<Config, 'dataDir'>;
  db: Db;
  keyring: Keyring;
  urls: Pick<UrlBuilder, 'partUrl'>;
  log(msg: string): void;
}

/**
 * Uploads, in four named steps: the sessions (init, complete, abort, expiry:
 * upload-sessions.ts), the part writes (upload-parts.ts), the store queue (upload-store.ts)
 * and the sweep (upload-sweep.ts).
 */
export function createUploads(deps: UploadDeps) {
  const repo = createUploadsRepo(deps.db);
  const stagingDir = path.join(deps.config.dataDir, 'uploads');
  fs.mkdirSync(stagingDir, { recursive: true });
  const storing = createUploadStore(deps);
  const blocks = createPartBlocks();
  const sessions = createUploadSessions({
    db: deps.db,
    urls: deps.urls,
    files: deps.files,
    fileEvents: deps.fileEvents,
    repo,
    stagingDir,
    store: storing.store,
    blocks,
  });
  const parts = createPartWriter({ keyring: deps.keyring, repo, sessions, blocks });
  const sweep = createUploadSweep({ files: deps.files, repo, stagingDir, sessions, store: storing.store, log: deps.log });
  return {
    init: sessions.init,
    putPart: parts.putPart,
    complete: sessions.complete,
    abort: sessions.abort,
    /** A first sweep now (what a crash or a stop left), then one every 10 minutes. */
    start(): void {
      storing.start();
      sweep.start();
    },
    /** Aborts the stores under way (the next start's sweep stores them) and waits for them. */
    async stop(): Promise<void> {
      await sweep.stop();
      await storing.stop();
      await parts.close();
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
