import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';

process.env.FFDESK_SSE_HEARTBEAT_MS = '300';

interface Frame {
  id: number;
  event: string;
  data: any;
}
interface Stream {
  frames: Frame[];
  raw: () => string;
  waitFor(pred: (f: Frame[]) => boolean, ms?: number): Promise<void>;
  close(): void;
  status: number;
}

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc?.stop());

/** Reads /v1/events with fetch, keeping raw text (heartbeats are comments) and parsed frames. */
async function openStream(opts: { key?: string; lastEventId?: number; query?: string } = {}): Promise<Stream> {
  const ac = new AbortController();
  const headers: Record<string, string> = { 'X-API-KEY': opts.key ?? svc.key };
  if (opts.lastEventId !== undefined) headers['Last-Event-ID'] = String(opts.lastEventId);
  const res = await fetch(`${svc.url}/v1/events${opts.query ?? ''}`, { headers, signal: ac.signal });
  let raw = '';
  const frames: Frame[] = [];
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        raw += decoder.decode(chunk, { stream: true });
        const blocks = raw.split('\n\n');
        frames.length = 0;
        for (const b of blocks.slice(0, -1)) {
          const m = /^id: (\d+)\nevent: (\S+)\ndata: (.*)$/m.exec(b);
          if (m) frames.push({ id: Number(m[1]), event: m[2] as string, data: JSON.parse(m[3] as string) });
        }
      }
    })().catch(() => undefined);
  }
  return {
    status: res.status,
    frames,
    raw: () => raw,
    close: () => ac.abort(),
    async waitFor(pred, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!pred(frames)) {
        if (Date.now() > deadline) throw new Error(`timed out; frames: ${JSON.stringify(frames.map((f) => [f.id, f.event, f.data.status]))}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

const commandStatuses = (frames: Frame[], id: string) => frames.filter((f) => f.event === 'command' && f.data.command_id === id).map((f) => f.data.status);

describe('GET /v1/events (Server-Sent Events)', () => {
  it('when a ~3 s command runs, then command QUEUED, PROCESSING, SUCCESS and progress events arrive; a reconnect gets exactly the missed ones', async () => {
    const all = await openStream();
    const partial = await openStream();
    expect(all.status).toBe(200);
    const sub = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'three.mp4' },
      ffmpeg_command: '-re -f lavfi -i testsrc=size=160x120:rate=10:duration=3 -t 3 -preset ultrafast {{out_1}}',
    });
    const id = sub.body.command_id as string;
    await partial.waitFor((f) => commandStatuses(f, id).includes('QUEUED'));
    const lastSeen = partial.frames.at(-1)?.id as number;
    partial.close();
    await all.waitFor((f) => commandStatuses(f, id).includes('SUCCESS'));
    expect(commandStatuses(all.frames, id)).toEqual(['QUEUED', 'PROCESSING', 'SUCCESS']);
    const progress = all.frames.filter((f) => f.event === 'command.progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]?.data).toMatchObject({ command_id: id, progress: { percent: expect.any(Number), out_time_seconds: expect.any(Number) } });
    expect(Object.keys(progress[0]?.data.progress)).toEqual(expect.arrayContaining(['percent', 'out_time_seconds', 'speed', 'fps', 'eta_seconds']));
    expect(all.frames.find((f) => f.event === 'command' && f.data.status === 'SUCCESS')?.data).toMatchObject({ command_id: id, output_file_count: 1 });

    const resumed = await openStream({ lastEventId: lastSeen });
    const expected = all.frames.filter((f) => f.id > lastSeen).map((f) => f.id);
    await resumed.waitFor((f) => f.length >= expected.length);
    expect(resumed.frames.map((f) => f.id)).toEqual(expected);
    const viaQuery = await openStream({ query: `?last_event_id=${lastSeen}` });
    await viaQuery.waitFor((f) => f.length >= expected.length);
    expect(viaQuery.frames.map((f) => f.id)).toEqual(expected);
    for (const s of [all, resumed, viaQuery]) s.close();
  });

  it('when a file is stored from a URL, then file events follow its statuses', async () => {
    const s = await openStream();
    // Any reachable URL will do for the statuses: the service's own health document.
    const stored = await svc.api('POST', '/v1/files/store-file', { file_url: `${svc.url}/v1/health` });
    const id = stored.body.file_id as string;
    const statuses = () => s.frames.filter((f) => f.event === 'file' && f.data.file_id === id).map((f) => f.data.status);
    await s.waitFor(() => ['STORED', 'FAILED'].includes(statuses().at(-1)));
    expect(statuses().slice(0, 3)).toEqual(['QUEUED', 'DOWNLOADING', 'DOWNLOADED']);
    // The payload byte for byte (key order included): what scripts and the GUI parse.
    expect(JSON.stringify(s.frames.find((f) => f.event === 'file')?.data)).toBe(`{"file_id":"${id}","status":"QUEUED","is_deleted":false}`);
    s.close();
  });

  it('when clients disconnect, then their subscriptions are released', async () => {
    const bus = svc.service.parts.events;
    const original = bus.subscribe;
    let active = 0;
    // Counts live subscriptions around the real bus (instrumentation, not a stand-in).
    bus.subscribe = (listener) => {
      active++;
      const off = original(listener);
      return () => {
        active--;
        off();
      };
    };
    try {
      const streams = await Promise.all([openStream(), openStream(), openStream()]);
      expect(active).toBe(3);
      for (const st of streams) st.close();
      for (let i = 0; i < 100 && active > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(active).toBe(0);
    } finally {
      bus.subscribe = original;
    }
  });

  it('when quiet, then heartbeat comments keep the stream alive', async () => {
    const s = await openStream();
    // Two heartbeats, however long a loaded machine takes to send them (the test's timeout bounds it).
    while (!/: heartbeat \d+\n\n[\s\S]*: heartbeat/.test(s.raw())) await new Promise((r) => setTimeout(r, 25));
    expect(s.raw()).toMatch(/: heartbeat \d+\n\n[\s\S]*: heartbeat/);
    s.close();
  });

  it("when another account subscribes, then it sees none of this account's events", async () => {
    const other = svc.service.parts.accounts.createAccount('pro');
    const { key } = svc.service.parts.accounts.addKey(other.id);
    const theirs = await openStream({ key, lastEventId: 0 });
    const mine = await openStream({ lastEventId: 0 });
    await mine.waitFor((f) => f.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.frames).toEqual([]);
    theirs.close();
    mine.close();
  });

  it('when the key is missing or last_event_id is not a number, then 401 / 422', async () => {
    expect((await fetch(`${svc.url}/v1/events`)).status).toBe(401);
    const bad = await fetch(`${svc.url}/v1/events?last_event_id=x`, { headers: { 'X-API-KEY': svc.key } });
    expect(bad.status).toBe(422);
  });
});
