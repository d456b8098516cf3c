import fs from 'node:fs';
import path from 'node:path';
import { RECORD_LIMITS } from '../../accounts/record-limits';
import type { TestService } from '../harness';

/**
 * Record floods (docs/sandbox.md, per-plan limits: one 24.5 KB batch request of a trial key
 * grew the database by 364 MB): a large preset run over many inputs renders and stores one
 * large request per item. Shared by hardening/record-flood.service.test.ts and the escape catalogue.
 */

// The largest preset a trial account may store: 10 steps just under its preset size limit.
export const FLOOD_FILLER = 'x'.repeat(Math.floor(RECORD_LIMITS.trial.presetBytes / 10) - 200);
export const FLOOD_PRESET = {
  name: 'flood',
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}.mp4' },
  steps: Array.from({ length: 10 }, (_, i) => `-i {{in_1}} -metadata title=${i}${FLOOD_FILLER} -c copy {{out_1}}`),
};

/** Inputs nobody serves (the discard port refuses at once): the commands fail fast, the records stay. */
export const deadInputs = (n: number) => Array.from({ length: n }, (_, i) => `http://127.0.0.1:9/in-${i}.mp4`);

/** The database's files on disk: the main file and its write-ahead log. */
export const dbBytes = (svc: TestService) =>
  ['ffdesk.db', 'ffdesk.db-wal'].reduce((n, f) => n + (fs.statSync(path.join(svc.dataDir, f), { throwIfNoEntry: false })?.size ?? 0), 0);

/** What stays: the log folded into the main file and emptied first. */
export const durableBytes = (svc: TestService) => {
  svc.service.parts.db.pragma('wal_checkpoint(TRUNCATE)');
  return dbBytes(svc);
};

/**
 * The write-ahead log is not growth: SQLite folds it into the main file every 1,000 pages and
 * then writes it again from its start, so its size is bounded by that (plus one transaction)
 * whatever the requests (docs/sandbox.md, "Per-plan limits").
 */
export const WAL_BOUND = 8 * 1024 * 1024;
