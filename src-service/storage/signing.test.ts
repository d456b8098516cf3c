import { describe, expect, it } from 'vitest';
import { createKeyring, signToken, verifyToken, type SigningKey } from './signing';

const keyA: SigningKey = { id: 'a1b2c3d4', secret: Buffer.alloc(32, 1) };
const keyB: SigningKey = { id: 'e5f6a7b8', secret: Buffer.alloc(32, 2) };
const ring = createKeyring([keyA]);
const NOW = 1_700_000_000;
const SCOPE = 'file:7d4c1a9e-0000-4000-8000-000000000001';

describe('signToken / verifyToken', () => {
  it('when a token is signed, then it verifies for its scope until it expires', () => {
    const token = signToken(ring, SCOPE, NOW + 60);
    expect(token).toMatch(/^a1b2c3d4\.1700000060\.[A-Za-z0-9_-]{43}$/);
    expect(verifyToken(ring, SCOPE, token, NOW)).toBe('ok');
    expect(verifyToken(ring, SCOPE, token, NOW + 60)).toBe('ok');
    expect(verifyToken(ring, SCOPE, token, NOW + 61)).toBe('expired');
  });

  it('when the token is used for another scope, then it is invalid', () => {
    const token = signToken(ring, 'part:f1:1', NOW + 60);
    expect(verifyToken(ring, 'part:f1:2', token, NOW)).toBe('invalid');
    expect(verifyToken(ring, 'file:f1', token, NOW)).toBe('invalid');
  });

  it('when any part of the token is tampered with, then it is invalid (never merely expired)', () => {
    const [kid, exp, sig] = signToken(ring, SCOPE, NOW - 10).split('.') as [string, string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const tampered = [
      `${kid}.${NOW + 3600}.${sig}`, // extended expiry
      `${kid}.0${exp}.${sig}`, // same number, other spelling
      `${flip(kid, 0)}.${exp}.${sig}`, // unknown kid
      ...[0, 20, 42].map((i) => `${kid}.${exp}.${flip(sig, i)}`), // signature, last char included
      `${kid}.${exp}.${sig}=`,
      `${kid}.${exp}.${sig.slice(0, 42)}`,
    ];
    for (const t of tampered) expect(verifyToken(ring, SCOPE, t, NOW), t).toBe('invalid');
  });

  it.each([
    ['empty', ''],
    ['two parts', 'a1b2c3d4.123'],
    ['extra part', `${'x'}.a1b2c3d4.1.${'A'.repeat(43)}`],
    ['non-numeric expiry', `a1b2c3d4.12x.${'A'.repeat(43)}`],
    ['negative expiry', `a1b2c3d4.-1.${'A'.repeat(43)}`],
    ['exponent expiry', `a1b2c3d4.1e9.${'A'.repeat(43)}`],
  ])('when the token is malformed (%s), then it is invalid', (_name, token) => {
    expect(verifyToken(ring, SCOPE, token, NOW)).toBe('invalid');
  });

  it('when a token has a trailing extra part, then it is invalid', () => {
    expect(verifyToken(ring, SCOPE, `${signToken(ring, SCOPE, NOW + 60)}.x`, NOW)).toBe('invalid');
  });

  it('when the expiry is not a non-negative integer, then signing refuses', () => {
    expect(() => signToken(ring, SCOPE, 1.5)).toThrow(RangeError);
    expect(() => signToken(ring, SCOPE, -1)).toThrow(RangeError);
  });
});

describe('key rotation', () => {
  it('when a new key is added, then it signs and the old key still verifies its unexpired tokens', () => {
    const oldToken = signToken(ring, SCOPE, NOW + 60);
    const rotated = createKeyring([keyB, keyA]);
    const newToken = signToken(rotated, SCOPE, NOW + 60);
    expect(newToken.startsWith(`${keyB.id}.`)).toBe(true);
    expect(verifyToken(rotated, SCOPE, oldToken, NOW)).toBe('ok');
    expect(verifyToken(rotated, SCOPE, newToken, NOW)).toBe('ok');
    expect(verifyToken(rotated, SCOPE, oldToken, NOW + 61)).toBe('expired');
  });

  it('when the old key is retired, then its tokens are invalid', () => {
    const oldToken = signToken(ring, SCOPE, NOW + 60);
    expect(verifyToken(createKeyring([keyB]), SCOPE, oldToken, NOW)).toBe('invalid');
  });

  it('when a token names a kid with the right shape but another secret, then it is invalid', () => {
    const forged = signToken(createKeyring([{ id: keyA.id, secret: Buffer.alloc(32, 9) }]), SCOPE, NOW + 60);
    expect(verifyToken(ring, SCOPE, forged, NOW)).toBe('invalid');
  });

  it('when keys are unusable, then the keyring refuses them', () => {
    expect(() => createKeyring([])).toThrow(/at least one/);
    expect(() => createKeyring([{ id: 'a.b', secret: Buffer.alloc(32) }])).toThrow(/key id/);
    expect(() => createKeyring([{ id: 'short', secret: Buffer.alloc(4) }])).toThrow(/shorter/);
    expect(() => createKeyring([keyA, keyA])).toThrow(/Duplicate/);
  });
});
