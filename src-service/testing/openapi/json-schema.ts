import type { JsonSchema } from '../../api/openapi/build-spec';

/**
 * A validator for the JSON Schema subset the OpenAPI generator emits (type, enum, const,
 * properties/required/additionalProperties/propertyNames, items, anyOf/oneOf, numeric and
 * length bounds, pattern, local $ref). Used by the contract test to check real responses
 * against /v1/openapi.json itself, not against the zod schemas it came from.
 */
export function validateJson(value: unknown, schema: JsonSchema, root: { components: { schemas: Record<string, JsonSchema> } }, path = '$'): string[] {
  if (typeof schema.$ref === 'string') return validateJson(value, resolveRef(schema.$ref, root), root, path);
  const errs: string[] = [];
  if (schema.const !== undefined && JSON.stringify(value) !== JSON.stringify(schema.const)) errs.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    errs.push(`${path}: ${JSON.stringify(value)} not in enum`);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union && !union.some((s) => validateJson(value, s, root, path).length === 0)) errs.push(`${path}: matches none of anyOf/oneOf`);
  if (schema.type !== undefined && !matchesType(value, schema.type))
    return [...errs, `${path}: expected ${JSON.stringify(schema.type)}, got ${JSON.stringify(value)}`];
  if (typeof value === 'number') errs.push(...checkNumber(value, schema, path));
  if (typeof value === 'string') errs.push(...checkString(value, schema, path));
  if (Array.isArray(value)) errs.push(...checkArray(value, schema, root, path));
  else if (value !== null && typeof value === 'object') errs.push(...checkObject(value as Record<string, unknown>, schema, root, path));
  return errs;
}

function resolveRef(ref: string, root: { components: { schemas: Record<string, JsonSchema> } }): JsonSchema {
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
  const target = name ? root.components.schemas[name] : undefined;
  if (!target) throw new Error(`Unresolvable $ref ${ref}`);
  return target;
}

function matchesType(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? (type as string[]) : [type as string];
  return types.some((t) => {
    if (t === 'null') return value === null;
    if (t === 'integer') return Number.isInteger(value);
    if (t === 'array') return Array.isArray(value);
    if (t === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
    return typeof value === t;
  });
}

function checkNumber(v: number, s: JsonSchema, path: string): string[] {
  const errs: string[] = [];
  if (typeof s.minimum === 'number' && v < s.minimum) errs.push(`${path}: ${v} < minimum ${s.minimum}`);
  if (typeof s.maximum === 'number' && v > s.maximum) errs.push(`${path}: ${v} > maximum ${s.maximum}`);
  if (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum) errs.push(`${path}: ${v} <= exclusiveMinimum ${s.exclusiveMinimum}`);
  return errs;
}

function checkString(v: string, s: JsonSchema, path: string): string[] {
  const errs: string[] = [];
  if (typeof s.minLength === 'number' && v.length < s.minLength) errs.push(`${path}: shorter than ${s.minLength}`);
  if (typeof s.maxLength === 'number' && v.length > s.maxLength) errs.push(`${path}: longer than ${s.maxLength}`);
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern).test(v)) errs.push(`${path}: does not match ${s.pattern}`);
  return errs;
}

function checkArray(v: unknown[], s: JsonSchema, root: Parameters<typeof validateJson>[2], path: string): string[] {
  const errs: string[] = [];
  if (typeof s.minItems === 'number' && v.length < s.minItems) errs.push(`${path}: fewer than ${s.minItems} items`);
  if (typeof s.maxItems === 'number' && v.length > s.maxItems) errs.push(`${path}: more than ${s.maxItems} items`);
  if (s.items) v.forEach((item, i) => errs.push(...validateJson(item, s.items as JsonSchema, root, `${path}[${i}]`)));
  return errs;
}

function checkObject(v: Record<string, unknown>, s: JsonSchema, root: Parameters<typeof validateJson>[2], path: string): string[] {
  const errs: string[] = [];
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  for (const key of (s.required as string[] | undefined) ?? []) if (!(key in v)) errs.push(`${path}: missing required ${key}`);
  for (const [key, item] of Object.entries(v)) {
    const at = `${path}.${key}`;
    if (s.propertyNames) errs.push(...validateJson(key, s.propertyNames as JsonSchema, root, `${at} (name)`));
    if (props[key]) errs.push(...validateJson(item, props[key], root, at));
    else if (s.additionalProperties === false) errs.push(`${at}: not allowed (additionalProperties false)`);
    else if (s.additionalProperties && typeof s.additionalProperties === 'object')
      errs.push(...validateJson(item, s.additionalProperties as JsonSchema, root, at));
  }
  return errs;
}
