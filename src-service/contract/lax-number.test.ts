import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { laxInt, laxNumber } from './lax-number';
import { parseInput } from '../api/validate';
import { ValidationError } from '../errors';

const Body = z.object({ n: laxInt(z.number().int().min(1)).optional(), s: laxNumber(z.number().positive()).optional() });

function typeOf(body: unknown): string | undefined {
  try {
    parseInput(Body, body, 'body');
    return undefined;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return err.issues[0]?.type;
  }
}

describe('lax numbers (docs/compatibility.md, "Numbers")', () => {
  it.each([
    [2, 2],
    ['2', 2],
    [' 2 ', 2],
    ['+2', 2],
    ['2.0', 2],
    ['2.', 2],
    [2.0, 2],
    [true, 1],
    ['0008', 8],
  ])('integer field: %j is read as %j', (input, want) => {
    expect(parseInput(Body, { n: input }, 'body').n).toBe(want);
  });

  it.each([
    [1.5, 'int_from_float'],
    ['1.5', 'int_parsing'],
    ['1e3', 'int_parsing'],
    ['abc', 'int_parsing'],
    ['', 'int_parsing'],
    ['0x10', 'int_parsing'],
    ['1_000', 'int_parsing'],
    [null, 'value_error'],
    [[2], 'value_error'],
    [-1, 'greater_than_equal'],
    ['-1', 'greater_than_equal'],
    [0, 'greater_than_equal'],
    [false, 'greater_than_equal'],
  ])('integer field: %j is a 422 of type %s', (input, type) => {
    expect(typeOf({ n: input })).toBe(type);
  });

  it('a required lax integer left out is "Field required", as any missing field (it said "Input should be a valid integer")', () => {
    try {
      parseInput(z.object({ size_bytes: laxInt(z.number().int()) }), {}, 'body');
      expect.unreachable();
    } catch (err) {
      expect((err as ValidationError).issues).toEqual([{ loc: ['body', 'size_bytes'], msg: 'Field required', type: 'missing' }]);
    }
  });

  it.each([
    [120, 120],
    ['120', 120],
    ['1.5', 1.5],
    [' 1e2 ', 100],
    ['.5', 0.5],
    [true, 1],
  ])('number field: %j is read as %j', (input, want) => {
    expect(parseInput(Body, { s: input }, 'body').s).toBe(want);
  });

  it.each([
    ['abc', 'float_parsing'],
    ['inf', 'float_parsing'],
    ['NaN', 'float_parsing'],
    [-1, 'greater_than_equal'],
    ['-1', 'greater_than_equal'],
    [0, 'greater_than_equal'],
    [{}, 'value_error'],
  ])('number field: %j is a 422 of type %s', (input, type) => expect(typeOf({ s: input })).toBe(type));
});
