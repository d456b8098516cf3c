import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './signing';

// The published Standard Webhooks test vector: a receiver's stock library must accept what we send.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signing', () => {
  it('when the published vector is signed, then the published signature comes out', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('when the vector is verified at its own time, then it passes; tampered or stale, it fails', () => {
    const headers = { id: VECTOR.id, timestamp: String(VECTOR.timestamp), signature: `v1,bm9wZQ== ${VECTOR.signature}` };
    const nowMs = VECTOR.timestamp * 1000;
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, { nowMs })).toBe(true);
    expect(verifyWebhook(VECTOR.secret, headers, `${VECTOR.body} `, { nowMs })).toBe(false);
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, { nowMs: nowMs + 301_000 })).toBe(false);
  });

  it('when a secret is generated, then it is whsec_ + base64 and its headers verify', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const h = webhookHeaders(secret, 'msg_1', '{}');
    expect(
      verifyWebhook(secret, { id: h['webhook-id'] as string, timestamp: h['webhook-timestamp'] as string, signature: h['webhook-signature'] as string }, '{}'),
    ).toBe(true);
  });
});
