import type { ValidationIssue } from '../errors';

/**
 * What one command request may hold (docs/http-guards.md). Checking a request costs time on
 * the service's one event loop; these bounds keep the largest accepted request to a few tens
 * of milliseconds per command, and submit yields between commands, so no request can hold
 * every other caller (health, polls, the GUI) waiting.
 */
export const REQUEST_LIMITS = {
  /** Commands in one chained request. */
  maxSteps: 10,
  /** Characters of one command text: about the longest command line Windows can start (32,767). */
  maxCommandChars: 32_000,
  /** Arguments one command splits into. */
  maxArguments: 2_000,
  /** Aliases declared in input_files and output_files together. */
  maxAliases: 1_000,
} as const;

/** Too many aliases: one 422 issue (the per-command checks come from the schema and from splitting). */
export function aliasCountIssues(inputFiles: object | undefined, outputFiles: object | string): ValidationIssue[] {
  const count = Object.keys(inputFiles ?? {}).length + (typeof outputFiles === 'string' ? 0 : Object.keys(outputFiles).length);
  if (count <= REQUEST_LIMITS.maxAliases) return [];
  return [{
    loc: ['body', 'input_files'],
    msg: `A request may declare at most ${REQUEST_LIMITS.maxAliases} aliases in input_files and output_files together; it declares ${count}`,
    type: 'too_long',
  }];
}

export function tooManyArgumentsMessage(count: number): string {
  return `A command may hold at most ${REQUEST_LIMITS.maxArguments} arguments; this one has ${count}`;
}

/** Lets other requests run between two commands of one request. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
