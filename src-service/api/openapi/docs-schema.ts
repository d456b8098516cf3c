import type { JsonSchema } from './build-spec';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A schema keyword as text: strings as they are, anything else as JSON, nothing for absent. */
export function text(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
}

/** A short type label: `string | null`, `StoredFile[]`, `"OUTPUT_FOLDER" | object`, with links to components. */
export function typeLabel(s: JsonSchema | undefined): string {
  if (!s) return 'any';
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop() as string;
    return `<a href="#schema-${name}">${escapeHtml(name)}</a>`;
  }
  if (s.const !== undefined) return `<code>${escapeHtml(JSON.stringify(s.const))}</code>`;
  if (Array.isArray(s.enum)) return s.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' | ');
  const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map(typeLabel).join(' | ');
  if (s.type === 'array') return `${typeLabel(s.items as JsonSchema)}[]`;
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
    return `map of ${typeLabel(s.additionalProperties as JsonSchema)}`;
  }
  if (Array.isArray(s.type)) return s.type.map(String).join(' | ');
  return escapeHtml(text(s.type) || 'any');
}

/** Constraints worth a reader's eye: ranges, lengths, patterns, defaults. */
export function constraints(s: JsonSchema): string {
  const parts: string[] = [];
  const keys = ['minimum', 'maximum', 'exclusiveMinimum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'default'] as const;
  for (const k of keys) {
    const v = s[k];
    if (v === undefined || v === Number.MAX_SAFE_INTEGER) continue;
    parts.push(`${k} ${escapeHtml(JSON.stringify(v))}`);
  }
  return parts.length ? `<br><small>${parts.join(', ')}</small>` : '';
}

/** An object schema as a field table; anything else as its type label. */
export function schemaTable(s: JsonSchema): string {
  const props = s.properties as Record<string, JsonSchema> | undefined;
  const head = s.description ? `<p>${escapeHtml(text(s.description))}</p>` : '';
  if (!props) return `${head}<p>Type: ${typeLabel(s)}</p>`;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(
    ([name, p]) =>
      `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <b>*</b>' : ''}</td><td>${typeLabel(p)}${constraints(p)}</td>` +
      `<td>${escapeHtml(text(p.description))}</td></tr>`,
  );
  return `${head}<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${rows.join('')}</table>`;
}
