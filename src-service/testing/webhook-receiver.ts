import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../webhooks/signing';

export interface ReceivedWebhook {
  headers: { id: string; timestamp: string; signature: string };
  body: string;
  json: { data: Record<string, unknown>; timestamp: number };
  /** Checked with the secret the receiver holds at arrival time. */
  isSignatureValid: boolean;
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  secret: string;
  /** Status to answer for the n-th request (0-based); 'hang' never answers. */
  answer: (n: number) => number | 'hang';
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that verifies Standard Webhooks signatures (tests only). */
export async function startWebhookReceiver(answer: WebhookReceiver['answer'] = () => 200): Promise<WebhookReceiver> {
  const receiver = { received: [] as ReceivedWebhook[], secret: '', answer } as WebhookReceiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
      };
      const status = receiver.answer(receiver.received.length);
      receiver.received.push({
        headers,
        body,
        json: JSON.parse(body) as ReceivedWebhook['json'],
        isSignatureValid: verifyWebhook(receiver.secret, headers, body),
        answered: status === 'hang' ? 0 : status,
      });
      if (status !== 'hang') res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.waitFor = async (count, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (receiver.received.length < count) {
      if (Date.now() > deadline) throw new Error(`receiver got ${receiver.received.length}/${count} webhooks`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return receiver.received;
  };
  receiver.close = () =>
    new Promise((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return receiver;
}
