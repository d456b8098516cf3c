/**
 * The command state machine (docs/decisions.md, States): QUEUED -> PROCESSING -> SUCCESS | FAILED.
 * QUEUED may also fail directly (cancel, quota) and PROCESSING may go back to QUEUED only
 * through boot-time recovery.
 */
export type CommandStatus = 'QUEUED' | 'PROCESSING' | 'SUCCESS' | 'FAILED';

export const COMMAND_TRANSITIONS: Readonly<Record<CommandStatus, readonly CommandStatus[]>> = {
  QUEUED: ['PROCESSING', 'FAILED'],
  PROCESSING: ['SUCCESS', 'FAILED', 'QUEUED'],
  SUCCESS: [],
  FAILED: [],
};

export function canTransition(from: CommandStatus, to: CommandStatus): boolean {
  return COMMAND_TRANSITIONS[from].includes(to);
}

export function isFinal(status: CommandStatus): boolean {
  return status === 'SUCCESS' || status === 'FAILED';
}
