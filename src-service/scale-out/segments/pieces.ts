import fs from 'node:fs';
import path from 'node:path';
import { queueOrder, type SegmentedPlan } from '../../segmented/plan';

/**
 * A segmented encode spread over scale-out workers (docs/scale-out.md, "Segmented encodes"):
 * the plan the service made, kept in the command's durable segments folder beside its
 * manifest, so a restarted service goes on from it. Its units of work, "pieces", are the
 * video segments 0..n-1 and, when the input has audio, the whole audio as piece n.
 */
export interface DistributedPlan {
  plan: SegmentedPlan;
  /** The one input's alias and its path relative to a job folder, as the encode arguments name it. */
  alias: string;
  inputPath: string;
  inputBytes: number;
  inputDurations: number[];
}

const PLAN_FILE = 'plan.json';

export const pieceCount = (d: DistributedPlan) => d.plan.segments.length + (d.plan.audio ? 1 : 0);

/** The order the pieces are queued in (plan.ts, queueOrder), the audio as piece n. */
export const pieceOrder = (d: DistributedPlan): number[] => queueOrder(d.plan).map((p) => (p === 'audio' ? d.plan.segments.length : p));

/** The ffmpeg arguments of one piece; its last token is the file it writes. */
export function pieceArgs(d: DistributedPlan, index: number): string[] {
  const args = index < d.plan.segments.length ? d.plan.encodes[index] : d.plan.audio;
  if (!args) throw new Error(`no piece ${index}`);
  return args;
}

export const pieceOutput = (d: DistributedPlan, index: number) => pieceArgs(d, index).at(-1)!;

export function savePlan(stateDir: string, d: DistributedPlan): void {
  fs.mkdirSync(stateDir, { recursive: true });
  const tmp = path.join(stateDir, `${PLAN_FILE}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(d));
  fs.renameSync(tmp, path.join(stateDir, PLAN_FILE));
}

export function loadPlan(stateDir: string): DistributedPlan | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(stateDir, PLAN_FILE), 'utf8')) as DistributedPlan;
  } catch {
    return null;
  }
}

export const hasPlan = (stateDir: string) => fs.existsSync(path.join(stateDir, PLAN_FILE));
