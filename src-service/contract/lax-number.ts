import { z } from 'zod';

/**
 * Numbers read the way the hosted service's framework reads them in its default ("lax")
 * mode, so a client that sends `"120"` (form builders, Pipedream) is not refused
 * (docs/compatibility.md, "Numbers"):
 * - integer fields: a JSON integer; a number with a zero fraction (`2.0`); a string holding
 *   an integer, optionally with surrounding whitespace, a sign or a zero fraction (`" 2 "`,
 *   `"2.0"`); `true`/`false` as 1/0. Not `1.5`, `"1.5"`, `"1e3"`, `"abc"`, `""`, null.
 * - number fields: a JSON number; a string holding a decimal number (`"1.5"`, `"1e3"`);
 *   `true`/`false` as 1/0. Infinity and NaN are refused (nothing here can use them).
 * The bounds (`min`, `max`) apply after the conversion, with the usual 422.
 */
const INTEGER_TEXT = /^[+-]?\d+(?:\.0*)?$/;
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

type Ctx = z.core.$RefinementCtx<unknown>;

function fail(ctx: Ctx, message: string, type: string): never {
  ctx.addIssue({ code: 'custom', message, params: { type } });
  return z.NEVER;
}

function toInteger(value: unknown, ctx: Ctx): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(ctx, 'Input should be a finite number', 'finite_number');
    if (!Number.isInteger(value)) return fail(ctx, 'Input should be a valid integer, got a number with a fractional part', 'int_from_float');
    return value;
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (!INTEGER_TEXT.test(text)) return fail(ctx, 'Input should be a valid integer, unable to parse string as an integer', 'int_parsing');
    return Number.parseInt(text, 10);
  }
  return fail(ctx, 'Input should be a valid integer', 'int_type');
}

function toNumber(value: unknown, ctx: Ctx): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : fail(ctx, 'Input should be a finite number', 'finite_number');
  if (typeof value === 'string') {
    const text = value.trim();
    if (!NUMBER_TEXT.test(text)) return fail(ctx, 'Input should be a valid number, unable to parse string as a number', 'float_parsing');
    return Number(text);
  }
  return fail(ctx, 'Input should be a valid number', 'float_type');
}

// A field left out is "Field required", as every other missing field is said (a missing size_bytes read "Input should be a valid integer").
const laxInput = (what: string) =>
  z.union([z.number(), z.string(), z.boolean()], { error: (issue) => (issue.input === undefined ? 'Field required' : `Input should be a valid ${what}`) });

/** An integer field that takes what lax mode takes, then checks `inner` (its bounds). */
export function laxInt(inner: z.ZodNumber) {
  return laxInput('integer').transform(toInteger).pipe(inner);
}

/** A number field that takes what lax mode takes, then checks `inner` (its bounds). */
export function laxNumber(inner: z.ZodNumber) {
  return laxInput('number').transform(toNumber).pipe(inner);
}
