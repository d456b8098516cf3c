import crypto from 'node:crypto';

/** Standard Webhooks secrets are `whsec_` + base64 of the raw key (docs/choices.md: Webhooks). */
export const SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${crypto.randomBytes(24).toString('base64')}`;
}

/** The HMAC key is the base64-decoded part after `whsec_` (the Standard Webhooks rule). */
function keyOf(secret: string): Buffer {
  const b64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(b64, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`; timestamp in unix seconds. */
export function signWebhook(secret: string, id: string, timestampSec: number, body: string): string {
  const mac = crypto.createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSec}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers for one attempt (fresh timestamp and signature per attempt). */
export function webhookHeaders(secret: string, id: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

/**
 * Receiver-side check (used by tests and by scripts that import it): any `v1,` signature in
 * the space-separated header must match, compared in constant time; the timestamp must be
 * within `toleranceSec` of now (replay protection).
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  opts: { nowMs?: number; toleranceSec?: number } = {},
): boolean {
  const ts = Number(headers.timestamp);
  const now = Math.floor((opts.nowMs ?? Date.now()) / 1000);
  if (!Number.isInteger(ts) || Math.abs(now - ts) > (opts.toleranceSec ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, ts, body));
  return headers.signature.split(' ').some((candidate) => {
    const got = Buffer.from(candidate);
    return got.length === expected.length && crypto.timingSafeEqual(got, expected);
  });
}
