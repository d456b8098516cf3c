import { z } from 'zod';
import type { Operation, ResponseSpec } from '../../contract/endpoint';
import { ENDPOINTS } from '../../contract/endpoints';
import { REQUEST_COMPONENTS, RESPONSE_COMPONENTS } from './components';
import { WEBHOOKS_SECTION } from './webhooks-section';

export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes?: unknown };
};

const OPERATIONS = ENDPOINTS;
const uri = (id: string) => `#/components/schemas/${id}`;

/** OpenAPI 3.1 of every declared endpoint (src-service/contract/endpoints/), generated from their zod schemas (docs/api.md §9: version 1.0.0). */
export function buildOpenApi(): OpenApiDocument {
  const names = new Map<z.ZodType, string>();
  const requests = collect(REQUEST_COMPONENTS, names, (op) => (op.body ? [[`${pascal(op.operationId)}Body`, op.body]] : []));
  const responses = collect(RESPONSE_COMPONENTS, names, (op) =>
    Object.entries(op.responses).flatMap(([status, r]) => (r.schema ? [[`${pascal(op.operationId)}${status}`, r.schema]] : [])),
  );
  const schemas = { ...convert(requests, 'input'), ...convert(responses, 'output') };
  const paths: OpenApiDocument['paths'] = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op, names);
  return {
    openapi: '3.1.0',
    info: {
      title: 'FFDesk /v1: FFmpeg processing and file storage',
      version: '1.0.0',
      description: 'The local twin of the hosted FFmpeg API: scripts written for it work by changing only the base URL and the key.',
    },
    servers: [{ url: '/' }],
    security: [{ ApiKeyAuth: [] }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    webhooks: WEBHOOKS_SECTION,
    components: {
      schemas,
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: 'docs/api.md §5: every endpoint except health and this document' },
        WorkerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The worker protocol only (docs/scale-out.md): a worker token from `ffdesk workers token`; a user key is refused there',
        },
      },
    },
  };
}

/** Named components first, then every other schema an operation uses, under a generated name. */
function collect(named: Record<string, z.ZodType>, names: Map<z.ZodType, string>, fromOp: (op: Operation) => [string, z.ZodType][]): Map<string, z.ZodType> {
  const out = new Map<string, z.ZodType>();
  const add = (name: string, schema: z.ZodType) => {
    if (names.has(schema) || isArrayOfNamed(schema, names)) return;
    names.set(schema, name);
    out.set(name, schema);
  };
  for (const [name, schema] of Object.entries(named)) add(name, schema);
  for (const op of OPERATIONS) for (const [name, schema] of fromOp(op)) add(name, schema);
  return out;
}

function convert(schemas: Map<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of schemas) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { uri, io }).schemas as Record<string, JsonSchema>;
  for (const schema of Object.values(out)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return out;
}

function operationObject(op: Operation, names: Map<z.ZodType, string>): Record<string, unknown> {
  const ref = (schema: z.ZodType): JsonSchema =>
    isArrayOfNamed(schema, names) ? { type: 'array', items: ref(schema.element as z.ZodType) } : { $ref: uri(names.get(schema) as string) };
  const parameters = [
    ...params(op.params, 'path'),
    ...params(op.query, 'query'),
    ...(op.headers ?? []).map((h) => ({ ...h, in: 'header', schema: { type: 'string' } })),
  ];
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...securityOf(op),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } } : {}),
    ...(op.form ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: formSchema(op.form) } } } } : {}),
    responses: Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, responseObject(r, ref)])),
  };
}

/** The document's default is the key; public endpoints need nothing, the worker protocol its bearer token. */
function securityOf(op: Operation): { security?: Record<string, string[]>[] } {
  if (op.auth === false) return { security: [] };
  if (op.auth === 'worker') return { security: [{ WorkerToken: [] }] };
  return {};
}

function formSchema(fields: Record<string, string>): JsonSchema {
  const properties = Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { type: 'string', format: 'binary', description }]));
  return { type: 'object', properties, required: Object.keys(fields) };
}

function responseObject(r: ResponseSpec, ref: (s: z.ZodType) => unknown): Record<string, unknown> {
  const mediaType = r.mediaType ?? 'application/json';
  const content = r.schema ? { [mediaType]: { schema: ref(r.schema) } } : r.mediaType ? { [mediaType]: { schema: { type: 'string' } } } : undefined;
  const headers = r.headers ? Object.fromEntries(Object.entries(r.headers).map(([k, d]) => [k, { description: d, schema: { type: 'string' } }])) : undefined;
  return { description: r.description, ...(content ? { content } : {}), ...(headers ? { headers } : {}) };
}

/** Path and query parameters from the same zod objects the routes parse `ctx.params` / `ctx.query` with. */
function params(schema: z.ZodObject | undefined, where: 'path' | 'query'): Record<string, unknown>[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input' }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(s.description ? { description: s.description } : {}),
    schema: s,
  }));
}

/** The bare-array list answers are written inline as `{type: array, items: {$ref}}`, not as components of their own. */
function isArrayOfNamed(schema: z.ZodType, names: Map<z.ZodType, string>): schema is z.ZodArray {
  return schema instanceof z.ZodArray && names.has(schema.element as z.ZodType);
}

function pascal(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
