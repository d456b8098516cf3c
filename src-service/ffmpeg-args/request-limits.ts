import type { ValidationIssue } from '../errors';
import { REQUEST_LIMITS } from '../contract/names';

export { REQUEST_LIMITS };

/** Too many aliases: one 422 issue (the per-command checks come from the schema and from splitting). */
export function aliasCountIssues(inputFiles: object | undefined, outputFiles: object | string): ValidationIssue[] {
  const count = Object.keys(inputFiles ?? {}).length + (typeof outputFiles === 'string' ? 0 : Object.keys(outputFiles).length);
  if (count <= REQUEST_LIMITS.maxAliases) return [];
  return [
    {
      loc: ['body', 'input_files'],
      msg: `A request may declare at most ${REQUEST_LIMITS.maxAliases} aliases in input_files and output_files together; it declares ${count}`,
      type: 'too_long',
    },
  ];
}

export function tooManyArgumentsMessage(count: number): string {
  return `A command may hold at most ${REQUEST_LIMITS.maxArguments} arguments; this one has ${count}`;
}

/** Lets other requests run between two commands of one request. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
