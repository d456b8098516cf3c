import type { CommandStatus } from '../contract/enums';

/**
 * A batch as the domain sees it: camelCase. The repository maps its row to this at its edge
 * (batches/batches-repo.ts); api/batches/batches.presenter.ts presents it on the snake_case wire
 * (docs/architecture.md, Rows and domain objects).
 */
export interface Batch {
  id: string;
  accountId: string;
  presetName: string;
  presetVersion: number;
  createdAt: string;
}

/** A batch to create. */
export type NewBatch = Omit<Batch, 'createdAt'>;

/** One input of a batch, with the state of the command it follows now (its latest retry). */
export interface BatchItem {
  batchId: string;
  index: number;
  /** Alias -> URL, as the item was given. */
  input: Record<string, string>;
  commandId: string;
  attempts: number;
  /** From the command. */
  status: CommandStatus;
  errorStatus: string | null;
  finishedAt: string | null;
}

/** A batch with its items, as the use cases return it (api/batches/batches.presenter.ts presents it). */
export interface BatchView {
  batch: Batch;
  items: BatchItem[];
}
