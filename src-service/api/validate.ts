import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors';

type Where = 'body' | 'query' | 'path';

/** Parses with a zod schema; failures become the spec's 422 with `loc` = [where, ...path]. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: Where): z.infer<S> {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.map((i) => toIssue(i, where)));
}

function toIssue(issue: z.core.$ZodIssue, where: Where): ValidationIssue {
  const loc: (string | number)[] = [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return { loc, msg: 'Field required', type: 'missing' };
  }
  return { loc, msg: issue.message, type: issueType(issue) };
}

function issueType(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `${issue.expected}_type`;
    case 'too_small':
      return issue.origin === 'string' ? 'string_too_short' : 'greater_than_equal';
    case 'too_big':
      return issue.origin === 'string' ? 'string_too_long' : 'less_than_equal';
    case 'invalid_format':
      return issue.format === 'regex' ? 'string_pattern_mismatch' : `${issue.format}_parsing`;
    case 'custom':
      return typeof issue.params?.type === 'string' ? issue.params.type : 'value_error';
    default:
      return 'value_error';
  }
}
