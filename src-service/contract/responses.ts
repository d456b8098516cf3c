import { z } from 'zod';
import type { ResponseSpec } from './endpoint';
import { ErrorBody, ValidationErrorBody } from './records.schema';

const MEANING: Record<number, string> = {
  400: 'Bad request (for uploads: the session expired, was aborted, or is not in progress)',
  401: 'Missing or invalid X-API-KEY: exactly {"detail": "Invalid authorization key"}, with advice in an extra `hint` field',
  403: 'Plan or quota refuses this (trial: no private storage, no direct upload)',
  404: 'Unknown id, or an id of another account',
  409: 'Conflict: not possible in the current state (a file not stored yet, a command without stored outputs)',
  413: 'File too large',
  415: 'Unsupported body type for this route',
  422: 'Validation error (docs/api.md §2.4)',
  429: 'Rate limit exceeded, or the account made as many records of this kind in 24 hours as its plan allows (FFDesk: `detail` says which, `hint` what to do); see Retry-After',
  507: 'No space left on the data disk (FFDesk); free some space and try again',
};

/** The error responses an operation can give, with the shared bodies of docs/choices.md: wire conventions. */
export function errors(...statuses: number[]): Record<string, ResponseSpec> {
  return Object.fromEntries(statuses.map((s) => [String(s), { description: MEANING[s] ?? 'Error', schema: s === 422 ? ValidationErrorBody : ErrorBody }]));
}

/** A JSON response; `asArray` for the bare arrays of the list endpoints. */
export function json<S extends z.ZodType>(description: string, schema: S): { description: string; schema: S };
export function json<S extends z.ZodType>(description: string, schema: S, asArray: true): { description: string; schema: z.ZodArray<S> };
export function json(description: string, schema: z.ZodType, asArray = false): ResponseSpec {
  return { description, schema: asArray ? z.array(schema) : schema };
}

export function ok204(description: string): ResponseSpec {
  return { description };
}
