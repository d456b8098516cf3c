import type { Command, CommandsRepo } from './commands-repo';
import { NotFoundError } from '../errors';
import type { Scheduler } from './scheduler';

/** How long a cancel call waits for ffmpeg to die before answering. */
const CANCEL_WAIT_MS = 10_000;

/**
 * Cancel (docs/choices.md, FFDesk): a QUEUED command fails at once; a PROCESSING one has its
 * ffmpeg killed and ends FAILED / CANCELLED with nothing stored. A finished command is
 * returned unchanged, so cancelling twice is harmless.
 */
export interface CancelDeps {
  commands: CommandsRepo;
  scheduler: Scheduler;
  onStatus(row: Command): void;
}

export async function cancelCommand(deps: CancelDeps, accountId: string, id: string): Promise<Command> {
  const row = deps.commands.get(accountId, id);
  if (!row) throw new NotFoundError('Command not found');
  if (row.status === 'QUEUED') {
    if (deps.commands.markFailed(id, 'QUEUED', { errorStatus: 'CANCELLED', errorMessage: 'The command was cancelled before it started' })) {
      deps.onStatus(deps.commands.getAny(id) as Command);
    }
  } else if (row.status === 'PROCESSING') {
    const stopped = deps.scheduler.abort(id);
    if (stopped) {
      await Promise.race([stopped, new Promise((r) => setTimeout(r, CANCEL_WAIT_MS).unref())]);
    } else if (deps.commands.markFailed(id, 'PROCESSING', { errorStatus: 'CANCELLED', errorMessage: 'The command was cancelled' })) {
      // Not running on this scheduler (e.g. a worker elsewhere lost it): fail it directly.
      deps.onStatus(deps.commands.getAny(id) as Command);
    }
  }
  return deps.commands.get(accountId, id) as Command;
}
