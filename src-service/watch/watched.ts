/**
 * Watch folders and the files seen in them as the domain sees them: camelCase, booleans and
 * parsed JSON. The repository maps its rows to these at its edge (watch/watch-repo.ts);
 * watch-folders.ts presents them on the snake_case wire (docs/architecture.md, Rows and
 * domain objects).
 */
export interface WatchFolder {
  id: string;
  accountId: string;
  folder: string;
  outputFolder: string;
  presetName: string;
  /** Pinned version; null runs the latest at each file. */
  presetVersion: number | null;
  parameters: Record<string, number | string>;
  /** The extensions taken (lower case, no dot); null: those of the preset input's kinds. */
  extensions: string[] | null;
  moveOriginals: boolean;
  usePolling: boolean;
  pollIntervalMs: number;
  stableSeconds: number;
  /** Each command's run-time limit; null: the account's default (none for the local account). */
  maxRunSeconds: number | null;
  createdAt: string;
}

/** A watch folder to create. */
export type NewWatchFolder = Omit<WatchFolder, 'createdAt'>;

export type WatchFileStatus = 'RUNNING' | 'DONE' | 'FAILED';

/** A file taken from a watch folder, known by path + size + content hash. */
export interface WatchFile {
  id: number;
  watchId: string;
  path: string;
  sizeBytes: number;
  mtimeMs: number;
  sha256: string;
  status: WatchFileStatus;
  /** Null between the claim and the submit. */
  commandId: string | null;
  error: string | null;
  /** The paths written into the output folder. */
  outputs: string[];
  createdAt: string;
  updatedAt: string;
}
