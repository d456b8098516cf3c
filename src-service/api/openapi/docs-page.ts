import type { JsonSchema, OpenApiDocument } from './build-spec';
import { constraints, escapeHtml, schemaTable, text, typeLabel } from './docs-schema';

const CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;color:#1d2330}
nav{width:270px;height:100vh;overflow:auto;position:sticky;top:0;background:#f4f5f8;padding:16px;box-sizing:border-box;font-size:13px}
nav a{display:block;color:#1d2330;text-decoration:none;padding:1px 0;overflow-wrap:anywhere}main{flex:1;padding:24px 40px;max-width:980px}
.op{border:1px solid #dde;border-radius:8px;padding:12px 16px;margin:14px 0}.m{font-weight:700;text-transform:uppercase;
padding:2px 8px;border-radius:4px;color:#fff;font-size:12px;margin-right:8px}.get{background:#2b7}.post{background:#27c}
.put{background:#c82}.delete{background:#c33}table{border-collapse:collapse;width:100%;margin:6px 0}td,th{border-bottom:1px solid #e6e6ee;
text-align:left;padding:4px 6px;vertical-align:top;font-size:13px}code{background:#f0f1f5;padding:0 3px;border-radius:3px}`;

type Op = {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses?: Record<string, JsonSchema>;
};

/** `/docs`: the OpenAPI document rendered as one self-contained page (no CDN: it works offline). */
export function renderDocsPage(doc: OpenApiDocument): string {
  const info = doc.info as { title: string; version: string; description: string };
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Op })));
  const nav = ops.map((o) => `<a href="#${anchor(o.method, o.path)}"><b>${o.method.toUpperCase()}</b> ${escapeHtml(o.path)}</a>`).join('');
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, s]) => `<section id="schema-${name}"><h3>${escapeHtml(name)}</h3>${schemaTable(s)}</section>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)}</title><style>${CSS}</style></head>
<body><nav><b>Endpoints</b>${nav}<br><a href="#schemas"><b>Schemas</b></a><a href="/v1/openapi.json">openapi.json</a></nav><main>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1><p>${escapeHtml(info.description)}</p>
<p>Send the key in the <code>X-API-KEY</code> header. Errors are <code>{"detail": "..."}</code>; validation errors (422) are
<code>{"detail": [{"loc", "msg", "type"}]}</code>.</p>
${ops.map((o) => renderOperation(o.method, o.path, o.op, doc.components.schemas)).join('')}
<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`;
}

function renderOperation(method: string, path: string, op: Op, schemas: Record<string, JsonSchema>): string {
  const params = (op.parameters ?? []).map(
    (p) =>
      `<tr><td><code>${escapeHtml(String(p.name))}</code>${p.required ? ' <b>*</b>' : ''}</td><td>${escapeHtml(String(p.in))}</td>` +
      `<td>${typeLabel(p.schema as JsonSchema)}${constraints(p.schema as JsonSchema)}</td><td>${escapeHtml(text(p.description))}</td></tr>`,
  );
  const bodySchema = op.requestBody ? contentSchema(op.requestBody) : undefined;
  const bodyRef = typeof bodySchema?.$ref === 'string' ? schemas[bodySchema.$ref.split('/').pop() as string] : undefined;
  const body = bodySchema ? `<p>Body: ${typeLabel(bodySchema)}</p>${bodyRef ? schemaTable(bodyRef) : ''}` : '';
  const responses = Object.entries(op.responses ?? {}).map(
    ([status, r]) => `<tr><td>${status}</td><td>${escapeHtml(text(r.description))}</td><td>${r.content ? typeLabel(contentSchema(r)) : ''}</td></tr>`,
  );
  return `<div class="op" id="${anchor(method, path)}"><h3><span class="m ${method}">${method}</span><code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}${op.security?.length === 0 ? ' <i>(no key)</i>' : ''}</p>
${op.description ? `<p style="white-space:pre-line">${escapeHtml(op.description)}</p>` : ''}
${params.length ? `<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Notes</th></tr>${params.join('')}</table>` : ''}${body}
<table><tr><th>Status</th><th>Meaning</th><th>Body</th></tr>${responses.join('')}</table></div>`;
}

function contentSchema(x: JsonSchema): JsonSchema {
  const content = x.content as Record<string, { schema: JsonSchema }>;
  return Object.values(content)[0]?.schema ?? {};
}

function anchor(method: string, path: string): string {
  return `${method}-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
}
