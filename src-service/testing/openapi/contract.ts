import type { JsonSchema, OpenApiDocument } from '../../api/openapi/build-spec';
import { validateJson } from './json-schema';

/** The OpenAPI path template a concrete path matches; literal segments win over `{params}`. */
export function findPathTemplate(doc: OpenApiDocument, method: string, concretePath: string): string | undefined {
  const candidates = Object.keys(doc.paths).filter((template) => {
    if (!doc.paths[template]?.[method.toLowerCase()]) return false;
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return re.test(concretePath);
  });
  return candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

/**
 * Checks one real response against the document: the operation exists, it declares this
 * status, and the JSON body validates against the declared schema. Returns the problems.
 */
export function checkResponse(doc: OpenApiDocument, method: string, url: string, status: number, body: unknown): string[] {
  const path = new URL(url, 'http://x').pathname;
  const template = findPathTemplate(doc, method, path);
  if (!template) return [`${method} ${path}: no operation in openapi.json`];
  const op = doc.paths[template]?.[method.toLowerCase()] as { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> };
  const response = op.responses[String(status)];
  if (!response) return [`${method} ${template}: status ${status} not declared`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return body === undefined || typeof body === 'string' ? [] : [`${method} ${template} ${status}: a JSON body where none is declared`];
  return validateJson(body, schema, doc).map((e) => `${method} ${template} ${status}: ${e}`);
}
