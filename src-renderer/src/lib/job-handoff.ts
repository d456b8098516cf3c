import type { CommandRequest } from '../../../src-service/client';
import { handOff } from './hand-off';
import type { PresetDraft } from './preset-draft';

/**
 * What another screen asks the job builder to open with ("edit as new" from Jobs, "use
 * as input in a new job" from Files, "open in New job" from Presets). Features never import each other (conventions
 * rule 9), so they meet here.
 */
export type JobHandoff =
  | { kind: 'request'; request: CommandRequest; fix?: FailureFix; /** The job's id: the builder may know the form it was run from. */ commandId?: string }
  | { kind: 'input'; url: string; fileId: string; filename: string }
  | { kind: 'preset'; preset: PresetDraft & { version: number; builtin?: boolean } };

/** What a failed job points at, for "Fix in builder": the word to mark and ffmpeg's line. */
export interface FailureFix {
  word: string;
  suggestion?: string;
  line: string;
}

/** Read by the job builder with `useHandedOff` (hand-off.ts): a later visit to "New job" starts from its own draft again. */
export const jobHandOff = handOff<JobHandoff>();

export function handOffToJobBuilder(handoff: JobHandoff): void {
  jobHandOff.give(handoff);
}
