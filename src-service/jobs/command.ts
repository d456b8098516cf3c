import type { CommandErrorStatus, CommandStatus, CommandType } from '../contract/enums';
import type { RunChainedBody, RunCommandBody } from '../contract/commands.schema';
import type { Progress } from '../contract/events.schema';
import type { z } from 'zod';
import type { EditResult } from '../contract/edits.schema';
import type { SegmentRecord } from '../contract/records.schema';

/** The request as accepted at submit time (validated then, stored as JSON, echoed as `original_request`). */
export type StoredRequest = RunCommandBody | RunChainedBody;

export type CommandProgress = z.infer<typeof Progress>;

/**
 * A command as the domain sees it: camelCase, booleans and parsed JSON. The repository maps
 * its row to this at its edge (jobs/commands-repo.ts); presenters map it to the snake_case wire
 * (docs/architecture.md, Rows and domain objects).
 */
export interface Command {
  /** Insertion order: the queue's and the list's order. */
  seq: number;
  id: string;
  accountId: string;
  status: CommandStatus;
  commandType: CommandType;
  request: StoredRequest;
  /** The vCPUs it runs with (the request capped by the account and the machine). */
  vcpuCount: number;
  maxRunSeconds: number;
  isPrivate: boolean;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  totalProcessingSeconds: number | null;
  ffmpegCommandRunSeconds: number | null;
  processingBytes: number;
  errorStatus: CommandErrorStatus | null;
  errorMessage: string | null;
  /** The latest ffmpeg progress while PROCESSING; null otherwise. */
  progress: CommandProgress | null;
  log: string | null;
  /** Given by the client (FFDesk); null when none was given. */
  name: string | null;
  /** Set when a result-cache hit reused this command's outputs. */
  cachedFromCommandId: string | null;
  /** For a POST /v1/edits command: how the cut was planned, once the job has read the input. */
  edit?: EditResult | null;
  /** A segmented encode's segments, once planned (docs/scale-out.md). */
  segmented?: SegmentedState | null;
}

/** What the record shows of a segmented encode. */
export interface SegmentedState {
  segments: SegmentRecord[];
  reused: number;
}

/** What `submitCommand` queues. */
export interface NewCommand {
  id: string;
  accountId: string;
  commandType: CommandType;
  request: StoredRequest;
  vcpuCount: number;
  maxRunSeconds: number;
  isPrivate: boolean;
  name?: string | null;
}

/** Why a command failed, and what it measured before it did. */
export interface Failure {
  errorStatus: CommandErrorStatus;
  errorMessage: string;
  totalProcessingSeconds?: number | null;
  ffmpegCommandRunSeconds?: number | null;
  log?: string | null;
}
