import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateJson } from '../../testing/openapi/json-schema';
import { buildOpenApi } from './build-spec';

const doc = buildOpenApi();
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('the JSON Schema subset validator', () => {
  it('when a value matches a generated component, then no errors; each kind of mismatch is named', () => {
    const schema = z.toJSONSchema(
      z.object({ a: z.string().regex(/^x/), n: z.number().int().min(1).nullable(), e: z.enum(['A']).optional(), l: z.array(z.boolean()).max(1) }),
    );
    const root = { components: { schemas: {} } };
    expect(validateJson({ a: 'xy', n: null, l: [true] }, schema, root)).toEqual([]);
    const errs = validateJson({ a: 'y', n: 0.5, e: 'B', l: [1, 2], extra: 1 }, schema, root).join('\n');
    for (const bit of ['$.a: does not match', '$.n: matches none', '$.e: "B" not in enum', '$.l: more than 1', '$.l[0]: expected', '$.extra: not allowed'])
      expect(errs).toContain(bit);
    expect(validateJson({}, schema, root)).toContain('$: missing required a');
  });

  it('when an error body is checked against the document, then $refs resolve', () => {
    expect(validateJson({ detail: 'Invalid authorization key' }, ref('ErrorBody'), doc)).toEqual([]);
    expect(validateJson({ detail: [{ loc: ['body', 0], msg: 'm', type: 't' }] }, ref('ValidationErrorBody'), doc)).toEqual([]);
    expect(validateJson({ detail: [{ loc: ['body'] }] }, ref('ValidationErrorBody'), doc).length).toBeGreaterThan(0);
  });
});
