import { describe, expect, it } from 'vitest';
import { createClient, type ServiceEvent } from './index';

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

describe('subscribeEvents', () => {
  it('when the stream drops, then it reconnects with Last-Event-ID and keeps delivering', async () => {
    const seenLastIds: (string | undefined)[] = [];
    const events: ServiceEvent[] = [];
    const ac = new AbortController();
    let n = 0;
    const fetch = async (_url: string, init: RequestInit = {}): Promise<Response> => {
      seenLastIds.push((init.headers as Record<string, string>)['Last-Event-ID']);
      n++;
      const body =
        n === 1 ? 'id: 1\nevent: file\ndata: {"file_id":"a","status":"STORED","is_deleted":false}\n\n' : 'id: 2\nevent: command\ndata: {"command_id":"c"}\n\n';
      return new Response(streamOf(body), { headers: { 'Content-Type': 'text/event-stream' } });
    };
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch });
    const done = client.subscribeEvents({
      signal: ac.signal,
      retryMs: 1,
      onEvent: (e) => {
        events.push(e);
        if (events.length === 2) ac.abort();
      },
    });
    await done;
    expect(events.map((e) => e.type)).toEqual(['file', 'command']);
    expect(seenLastIds.slice(0, 2)).toEqual([undefined, '1']);
  });

  it('when the key is refused, then it stops and reports unauthorized', async () => {
    let unauthorized = false;
    const fetch = async () => new Response('{"detail":"Invalid authorization key"}', { status: 401 });
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'bad', fetch });
    await client.subscribeEvents({ onEvent: () => undefined, onUnauthorized: () => (unauthorized = true) });
    expect(unauthorized).toBe(true);
  });
});
