/**
 * A scale-out worker as the domain sees it: camelCase, its JSON lists parsed. The repository
 * maps its row to this at its edge (scale-out/workers-repo.ts); workers-routes.ts presents
 * it on the snake_case wire (docs/architecture.md, Rows and domain objects).
 */
export interface Worker {
  /** New at every start of the worker process. */
  id: string;
  /** The worker token it authenticated with. */
  tokenId: string;
  host: string;
  ffmpegVersion: string | null;
  hardwareEncoders: string[];
  cores: number;
  vcpus: number;
  /** Ids of the commands it runs now. */
  running: string[];
  startedAt: string;
  lastSeenAt: string;
}

/** What a worker says of itself at each heartbeat. */
export type WorkerReport = Omit<Worker, 'tokenId' | 'startedAt' | 'lastSeenAt'>;

/** A worker token as listed (never its plaintext, which is shown once at creation). */
export interface WorkerToken {
  id: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}
