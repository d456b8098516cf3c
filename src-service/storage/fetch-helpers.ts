import { extensionForContentType, extensionOf, urlFileName } from './file-names';

const FALLBACK_NAME = 'input';

/**
 * The local name of a download: the requested URL's name if it has an extension, else the
 * final (redirected) URL's, else whichever names something, plus an extension from
 * Content-Type when there is none, so ffmpeg can tell the format.
 */
export function chooseDownloadName(requestedUrl: string, finalUrl: string, contentType: string | null): string {
  const candidates = [urlFileName(requestedUrl), urlFileName(finalUrl)].filter((n): n is string => n !== null);
  const withExt = candidates.find((n) => extensionOf(n) !== '');
  if (withExt) return withExt;
  const base = candidates[0] ?? FALLBACK_NAME;
  return base + (extensionForContentType(contentType) ?? '');
}

const KINDS: Record<string, string> = {
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  EPROTO: 'protocol or TLS error',
  HPE_INVALID_CONSTANT: 'invalid HTTP response',
};

/** A network error as a reason a person can act on, keeping the system code (ENOTFOUND, ...). */
export function describeNetworkError(err: unknown): string {
  const e = err as (Error & { code?: string }) | null;
  const message = e?.message ?? String(err);
  const code = e?.code;
  if (!code) return message;
  const kind = KINDS[code] ?? (code.startsWith('HPE_') ? 'invalid HTTP response' : /CERT|SSL|TLS/.test(code) ? 'TLS error' : null);
  const detail = message.includes(code) ? message : `${code}: ${message}`;
  return kind ? `${kind} (${detail})` : detail;
}
