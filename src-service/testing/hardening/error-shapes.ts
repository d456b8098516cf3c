/**
 * The error bodies of docs/choices.md (Wire conventions): `{"detail": "<string>"}`, and for
 * 422 `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}` (docs/api.md §2.4). Written from
 * the spec text, not from the service's own error classes.
 */
export function errorShapeProblem(status: number, text: string, contentType: string | undefined): string | null {
  if (!/^application\/json\b/.test(contentType ?? '')) return `a ${status} answered ${contentType ?? 'without a type'}, not JSON: ${text.slice(0, 120)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `a ${status} body is not JSON: ${text.slice(0, 120)}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return `a ${status} body is not an object: ${text.slice(0, 120)}`;
  // The one extra field allowed: `hint`, advice for people (decisions: "advice for people goes in an extra field").
  const keys = Object.keys(body).filter((k) => k !== 'hint');
  if (keys.length !== 1 || keys[0] !== 'detail') return `a ${status} body has fields ${JSON.stringify(Object.keys(body))}, not just detail (and hint)`;
  const hint = (body as { hint?: unknown }).hint;
  if (hint !== undefined && typeof hint !== 'string') return `a ${status} hint is not a string: ${text.slice(0, 120)}`;
  const detail = (body as { detail: unknown }).detail;
  if (status === 401 && detail !== 'Invalid authorization key')
    return `a 401 detail is not exactly the hosted text "Invalid authorization key": ${text.slice(0, 120)}`;
  if (status !== 422) return typeof detail === 'string' && detail.length > 0 ? null : `a ${status} detail is not a non-empty string: ${text.slice(0, 120)}`;
  if (!Array.isArray(detail) || detail.length === 0) return `a 422 detail is not a non-empty list: ${text.slice(0, 120)}`;
  for (const item of detail) {
    const problem = validationItemProblem(item);
    if (problem) return `a 422 item ${problem}: ${JSON.stringify(item).slice(0, 160)}`;
  }
  return null;
}

function validationItemProblem(item: unknown): string | null {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return 'is not an object';
  const { loc, msg, type } = item as Record<string, unknown>;
  if (!Array.isArray(loc) || !loc.every((p) => typeof p === 'string' || Number.isInteger(p))) return 'has a loc that is not a list of strings and integers';
  if (typeof msg !== 'string') return 'has no string msg';
  if (typeof type !== 'string') return 'has no string type';
  return null;
}

/**
 * What every answer must satisfy: no 5xx, and an error (4xx with a body) in the spec's
 * shape. The one 5xx that is not a fault is 507 for a request the data disk cannot hold
 * (an init-upload of terabytes): it describes the machine, and must say so.
 */
export function answerProblem(method: string, status: number, text: string, contentType: string | undefined): string | null {
  if (status === 507 && (method === 'HEAD' || /No space left/.test(text))) return method === 'HEAD' ? null : errorShapeProblem(status, text, contentType);
  if (status >= 500 || status < 100) return `status ${status}: ${text.slice(0, 200)}`;
  if (status < 400 || method === 'HEAD') return null;
  return errorShapeProblem(status, text, contentType);
}
