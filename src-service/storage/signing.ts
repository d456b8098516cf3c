import crypto from 'node:crypto';

/**
 * HMAC-SHA256 URL signing, where a cloud store would presign (docs/choices.md: Storage and
 * signed URLs). A token is `<kid>.<exp>.<base64url sig>`, the signature over
 * `${scope}\n${exp}`. Scopes are chosen by callers: `file:<file_id>` for a whole stored
 * file or playlist folder, `part:<file_id>:<n>` for an upload part PUT. Pure: no clock,
 * no I/O.
 */
export interface SigningKey {
  id: string;
  secret: Buffer;
}

export interface Keyring {
  /** The key new tokens are signed with. */
  current(): SigningKey;
  /** Any key that still verifies (current or older, not retired). */
  find(id: string): SigningKey | undefined;
}

export type TokenVerdict = 'ok' | 'expired' | 'invalid';

const KID_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** Canonical decimal only (no sign, no leading zeros), so one token has one spelling. */
const EXP_RE = /^(0|[1-9][0-9]{0,14})$/;
/** 32 bytes of SHA-256 in unpadded base64url. */
const SIG_RE = /^[A-Za-z0-9_-]{43}$/;
const MIN_SECRET_BYTES = 16;

/** The first key is current; the others still verify the unexpired URLs they signed (rotation). */
export function createKeyring(keys: SigningKey[]): Keyring {
  const first = keys[0];
  if (!first) throw new Error('A keyring needs at least one signing key');
  const byId = new Map<string, SigningKey>();
  for (const key of keys) {
    if (!KID_RE.test(key.id)) throw new Error(`Invalid signing key id: ${JSON.stringify(key.id)}`);
    if (key.secret.length < MIN_SECRET_BYTES) throw new Error(`Signing key ${key.id} is shorter than ${MIN_SECRET_BYTES} bytes`);
    if (byId.has(key.id)) throw new Error(`Duplicate signing key id: ${key.id}`);
    byId.set(key.id, { id: key.id, secret: Buffer.from(key.secret) });
  }
  const current = byId.get(first.id) as SigningKey;
  return { current: () => current, find: (id) => byId.get(id) };
}

export function signToken(keyring: Keyring, scope: string, expiresAtSec: number): string {
  if (!Number.isSafeInteger(expiresAtSec) || expiresAtSec < 0) throw new RangeError(`Invalid expiry: ${expiresAtSec}`);
  const key = keyring.current();
  const exp = String(expiresAtSec);
  return `${key.id}.${exp}.${mac(key, scope, exp).toString('base64url')}`;
}

/** 'expired' only for a genuine token past its expiry; anything malformed or tampered is 'invalid'. */
export function verifyToken(keyring: Keyring, scope: string, token: string, nowSec: number): TokenVerdict {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3) return 'invalid';
  const [kid, exp, sig] = parts as [string, string, string];
  if (!KID_RE.test(kid) || !EXP_RE.test(exp) || !SIG_RE.test(sig)) return 'invalid';
  const key = keyring.find(kid);
  if (!key) return 'invalid';
  // Compared as text, not decoded bytes: base64 decoding ignores the last character's
  // spare bits, which would let several spellings of one signature pass.
  const given = Buffer.from(sig, 'ascii');
  const expected = Buffer.from(mac(key, scope, exp).toString('base64url'), 'ascii');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
  return nowSec > Number(exp) ? 'expired' : 'ok'; // valid through the second `exp` itself
}

function mac(key: SigningKey, scope: string, exp: string): Buffer {
  return crypto.createHmac('sha256', key.secret).update(`${scope}\n${exp}`).digest();
}
