import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { TEST_COMMAND_ID } from './test-event';

// Short retry delays and attempt timeout (the schedule is injectable: webhooks/schedule.ts).
process.env.FFDESK_WEBHOOK_RETRY_DELAYS_MS = '300,300';
process.env.FFDESK_WEBHOOK_TIMEOUT_MS = '1000';

let svc: TestService;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc?.stop());
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function hookTo(answer?: Parameters<typeof startWebhookReceiver>[0], on: TestService = svc): Promise<WebhookReceiver> {
  receiver = await startWebhookReceiver(answer);
  const res = await on.api('PUT', '/v1/webhook', { url: receiver.url });
  expect(res.status, res.text).toBe(200);
  receiver.secret = res.body.secret;
  return receiver;
}

interface DeliveryItem {
  delivery_id: string;
  status: string;
  attempts: number;
  [k: string]: unknown;
}

async function waitForDelivery(s: TestService, id: string, until: (d: DeliveryItem) => boolean): Promise<DeliveryItem> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await s.api('GET', '/v1/webhook/deliveries');
    const d = (list.body as DeliveryItem[]).find((x) => x.delivery_id === id);
    if (d && until(d)) return d;
    if (Date.now() > deadline) throw new Error(`delivery ${id}: ${JSON.stringify(d)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhook configuration (GET/PUT/DELETE /v1/webhook)', () => {
  it('when a URL is PUT, then a whsec_ secret is shown once; GET shows the URL only; DELETE clears it', async () => {
    const put = await svc.api('PUT', '/v1/webhook', { url: 'http://127.0.0.1:9/hook' });
    expect(put.body).toMatchObject({ url: 'http://127.0.0.1:9/hook', secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]{32}$/) });
    const get = await svc.api('GET', '/v1/webhook');
    expect(get.body).toEqual({ url: 'http://127.0.0.1:9/hook', created_at: expect.any(String) });
    expect((await svc.api('DELETE', '/v1/webhook')).status).toBe(204);
    expect((await svc.api('GET', '/v1/webhook')).body).toEqual({ url: null });
    expect((await svc.api('DELETE', '/v1/webhook')).status).toBe(204);
  });

  it('when the URL is not http(s) or no webhook is set for a test, then 422 / 404', async () => {
    const bad = await svc.api('PUT', '/v1/webhook', { url: 'ftp://x/y' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'url']);
    expect((await svc.api('POST', '/v1/webhook/test')).body).toEqual({ detail: 'Webhook not found' });
  });
});

describe('command-end deliveries, signed the Standard Webhooks way', () => {
  it('when a command succeeds, then the receiver gets {data: <poll body>, timestamp} with a valid signature', async () => {
    const r = await hookTo();
    const started = Date.now();
    const sub = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'tiny.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc=size=64x48:rate=5:duration=0.4 -preset ultrafast {{out_1}}',
    });
    const done = await svc.waitForCommand(sub.body.command_id);
    const [hook] = await r.waitFor(1);
    expect(hook?.isSignatureValid).toBe(true);
    expect(hook?.json.data).toEqual(done);
    expect(hook?.json.timestamp).toBeGreaterThanOrEqual(started);
    expect(hook?.headers.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(hook?.headers.timestamp) - Date.now() / 1000)).toBeLessThan(30);
  });

  it('when a command fails, then the FAILED poll body is delivered too', async () => {
    const r = await hookTo();
    const sub = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'x.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc=duration=0.2 -no_such_option 1 {{out_1}}',
    });
    const [hook] = await r.waitFor(1);
    expect(hook?.json.data).toMatchObject({ command_id: sub.body.command_id, status: 'FAILED', error_status: 'PROCESSING_ERROR' });
  });
});

describe('retries, the delivery log, replay and test', () => {
  it('when the receiver fails twice, then the third attempt delivers with the same webhook-id and fresh signatures', async () => {
    const r = await hookTo((n) => (n < 2 ? 503 : 200));
    const test = await svc.api('POST', '/v1/webhook/test');
    expect(test.body).toMatchObject({ status: 'PENDING', attempts: 1, last_status_code: 503, last_error: 'HTTP 503', command_id: TEST_COMMAND_ID });
    expect(Date.parse(test.body.next_attempt_at)).toBeGreaterThan(Date.now() - 1000);
    const d = await waitForDelivery(svc, test.body.delivery_id, (x) => x.status === 'DELIVERED');
    expect(d).toMatchObject({ attempts: 3, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(new Set(r.received.map((x) => x.headers.id))).toEqual(new Set([test.body.delivery_id]));
    expect(r.received.every((x) => x.isSignatureValid)).toBe(true);
    expect(r.received[0]?.json.data).toMatchObject({ command_id: TEST_COMMAND_ID, status: 'SUCCESS' });
    // The test event is a poll body's shape, key order included (what a receiver's parser sees).
    expect(Object.keys(r.received[0]?.json.data ?? {})).toEqual([
      'command_id',
      'status',
      'command_type',
      'created_at',
      'vcpu_count',
      'original_request',
      'total_processing_seconds',
      'ffmpeg_command_run_seconds',
      'output_files',
    ]);
  });

  it('when every attempt fails, then after the schedule runs out the delivery is FAILED; replay sends it again', async () => {
    const r = await hookTo((n) => (n < 3 ? 500 : 204));
    const test = await svc.api('POST', '/v1/webhook/test');
    const failed = await waitForDelivery(svc, test.body.delivery_id, (x) => x.status === 'FAILED');
    expect(failed).toMatchObject({ attempts: 3, last_status_code: 500, next_attempt_at: null });
    const replay = await svc.api('POST', `/v1/webhook/deliveries/${test.body.delivery_id}/replay`);
    expect(replay.body).toMatchObject({ status: 'DELIVERED', attempts: 1, last_status_code: 204 });
    expect(r.received).toHaveLength(4);
    expect((await svc.api('POST', '/v1/webhook/deliveries/msg_nope/replay')).status).toBe(404);
  });

  it('when the receiver does not answer in time, then the attempt counts as failed with a timeout', async () => {
    await hookTo((n) => (n === 0 ? 'hang' : 200));
    const test = await svc.api('POST', '/v1/webhook/test');
    expect(test.body).toMatchObject({ status: 'PENDING', attempts: 1, last_status_code: null, last_error: 'No response within 1 s' });
    await waitForDelivery(svc, test.body.delivery_id, (x) => x.status === 'DELIVERED');
  });

  it('when deliveries are listed, then newest first, only this account', async () => {
    const list = await svc.api('GET', '/v1/webhook/deliveries?limit=2');
    expect(list.body).toHaveLength(2);
    expect(Date.parse(list.body[0].created_at)).toBeGreaterThanOrEqual(Date.parse(list.body[1].created_at));
  });
});

describe('deliveries survive a restart', () => {
  it('when the service stops between attempts, then a new service on the same data dir completes the delivery', async () => {
    process.env.FFDESK_WEBHOOK_RETRY_DELAYS_MS = '1500';
    const first = await startTestService();
    const r = await hookTo((n) => (n === 0 ? 500 : 200), first);
    const test = await first.api('POST', '/v1/webhook/test');
    expect(test.body).toMatchObject({ status: 'PENDING', attempts: 1 });
    await first.service.stop();
    expect(r.received).toHaveLength(1);
    const second = await startTestService({ dataDir: first.dataDir });
    try {
      const d = await waitForDelivery(second, test.body.delivery_id, (x) => x.status === 'DELIVERED');
      expect(d.attempts).toBe(2);
      expect(r.received[1]?.headers.id).toBe(test.body.delivery_id);
      expect(r.received[1]?.isSignatureValid).toBe(true);
    } finally {
      await second.stop();
    }
  });
});
