import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GiB, MiB } from './stats';
import type { Row } from './report';

/** Everything that differs between the full run and `--quick`. */
export interface Sizes {
  /** Wall time aimed at for the "long" transcode (calibrated on this machine). */
  longJobSeconds: number;
  longRuns: number;
  shortJobSeconds: number;
  shortRuns: number;
  manyJobs: number;
  pollSeconds: number;
  transferBytes: number;
  transferRuns: number;
  dbRows: number;
  latencySamples: number;
  startupRuns: number;
}

export const FULL: Sizes = {
  longJobSeconds: 10,
  longRuns: 3,
  shortJobSeconds: 1,
  shortRuns: 7,
  manyJobs: 200,
  pollSeconds: 10,
  transferBytes: GiB,
  transferRuns: 3,
  dbRows: 100_000,
  latencySamples: 200,
  startupRuns: 5,
};

export const QUICK: Sizes = {
  longJobSeconds: 3,
  longRuns: 2,
  shortJobSeconds: 1,
  shortRuns: 3,
  manyJobs: 40,
  pollSeconds: 3,
  transferBytes: 64 * MiB,
  transferRuns: 2,
  dbRows: 10_000,
  latencySamples: 200,
  startupRuns: 3,
};

export interface BenchContext {
  quick: boolean;
  sizes: Sizes;
  /** A scratch folder for this run, removed at the end. */
  tmp: string;
  /** A fresh folder under tmp. */
  dir(name: string): string;
  log(msg: string): void;
}

export interface Scenario {
  name: string;
  run(ctx: BenchContext): Promise<Row[]>;
}

export function createContext(quick: boolean): BenchContext {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-bench-'));
  const started = Date.now();
  return {
    quick,
    sizes: quick ? QUICK : FULL,
    tmp,
    dir(name) {
      const d = path.join(tmp, name);
      fs.mkdirSync(d, { recursive: true });
      return d;
    },
    log(msg) {
      process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}\n`);
    },
  };
}
