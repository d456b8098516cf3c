import { ENDPOINTS } from '../../contract/endpoints';

/**
 * One answer to "is this an API request?", shared by the key check, the web UI and the
 * final 404 (docs/http-guards.md). It is deliberately wider than the routers' own
 * (case-sensitive) matching: any spelling that could be taken for `/v1...` — another case,
 * `%2F` or `%2f`, doubled slashes, `;` or a trailing `/` — counts as the API, so a key is
 * asked for before anything else looks at the path.
 */
export function isApiPath(rawPath: string): boolean {
  return /^\/v1(?:[/;?#]|$)/.test(normalizeForMatch(rawPath));
}

function normalizeForMatch(rawPath: string): string {
  let decoded = rawPath;
  // Twice: a double-encoded `%252F` is still a slash to anything that decodes once more.
  for (let i = 0; i < 2; i += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  return decoded
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
}

/**
 * `/v1` paths answered without a key, in their exact spelling only: the endpoints declared
 * `auth: false` (health and the API description). They take no path parameters, so each is
 * one exact path.
 */
export const PUBLIC_API_PATHS: ReadonlySet<string> = new Set(
  ENDPOINTS.filter((e) => e.auth === false && e.path.startsWith('/v1/')).map((e) => {
    if (e.path.includes('{')) throw new Error(`${e.operationId}: an endpoint without a key takes no path parameters`);
    return e.path;
  }),
);
