import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors';

type Where = 'body' | 'query' | 'path';

/** Parses with a zod schema; failures become the spec's 422 with `loc` = [where, ...path]. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: Where): z.infer<S> {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.flatMap((i) => explain(i, [])).map((i) => toIssue(i, where)));
}

/**
 * zod reports a bad record key as "Invalid key in record" and a failed union as "Invalid
 * input"; a newcomer needs the rule that was broken. A bad key reports its own check's
 * message at the key; a union whose value matched one branch's type reports that branch.
 */
function explain(issue: z.core.$ZodIssue, prefix: PropertyKey[]): z.core.$ZodIssue[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_key' && issue.issues.length > 0) {
    return issue.issues.map((inner) => ({ ...inner, path, code: 'custom', params: { type: 'string_pattern_mismatch' } }));
  }
  if (issue.code === 'invalid_union') {
    const typed = issue.errors.filter((branch) => !branch.every((i) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value')));
    if (typed.length === 1) return (typed[0] ?? []).flatMap((i) => explain(i, path));
  }
  return [{ ...issue, path }];
}

function toIssue(issue: z.core.$ZodIssue, where: Where): ValidationIssue {
  const loc: (string | number)[] = [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  // A lax number left out says so itself (lax-number.ts): the same answer as any other field left out.
  if ((issue.code === 'invalid_type' && /received undefined/.test(issue.message)) || issue.message === 'Field required') {
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
    case 'invalid_value':
      return 'literal_error';
    case 'custom':
      return typeof issue.params?.type === 'string' ? issue.params.type : 'value_error';
    default:
      return 'value_error';
  }
}
