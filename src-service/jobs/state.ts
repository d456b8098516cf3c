/**
 * The command state machine (docs/choices.md, States): QUEUED -> PROCESSING -> SUCCESS | FAILED.
 * The repository checks every status write against this table (jobs/commands-repo.ts `transition`).
 */
import type { CommandStatus } from '../contract/enums';

export type { CommandStatus };

export const COMMAND_TRANSITIONS: Readonly<Record<CommandStatus, readonly CommandStatus[]>> = {
  // Started by the scheduler or claimed by a scale-out worker; or cancelled before it started.
  QUEUED: ['PROCESSING', 'FAILED'],
  // Ends; or goes back to the queue (service or worker shutdown, boot-time recovery, a lost
  // worker); or PROCESSING again when another scale-out worker takes over a new attempt.
  PROCESSING: ['SUCCESS', 'FAILED', 'QUEUED', 'PROCESSING'],
  SUCCESS: [],
  FAILED: [],
};

export function canTransition(from: CommandStatus, to: CommandStatus): boolean {
  return COMMAND_TRANSITIONS[from].includes(to);
}

export function isFinal(status: CommandStatus): boolean {
  return status === 'SUCCESS' || status === 'FAILED';
}
