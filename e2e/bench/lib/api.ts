import { performance } from 'node:perf_hooks';
import { createClient, type CommandRecord, type FfdeskClient, type RunCommandRequest } from '../../../src-service/client';

export interface Final {
  status: string;
  /** performance.now() when the client learned of it. */
  atMs: number;
}

/**
 * Learns of final command states and file states from `GET /v1/events` (what the GUI does)
 * instead of polling, so the measured wall time does not include a polling interval and
 * the service is not loaded by polls while ffmpeg runs.
 */
export interface EventWatcher {
  ready: Promise<void>;
  commandFinal(id: string): Promise<Final>;
  fileStatus(id: string, status: string): Promise<Final>;
  close(): void;
}

export function watchEvents(client: FfdeskClient): EventWatcher {
  const seen = new Map<string, Final>();
  const waiters = new Map<string, (f: Final) => void>();
  const controller = new AbortController();
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const record = (key: string, status: string) => {
    const f = { status, atMs: performance.now() };
    if (seen.has(key)) return;
    seen.set(key, f);
    waiters.get(key)?.(f);
    waiters.delete(key);
  };
  void client.subscribeEvents({
    signal: controller.signal,
    retryMs: 100,
    onStatus: (s) => {
      if (s.connected) onReady();
    },
    onEvent: (e) => {
      if (e.type === 'command' && (e.data.status === 'SUCCESS' || e.data.status === 'FAILED')) record(`c:${e.data.command_id}`, e.data.status);
      if (e.type === 'file') record(`f:${e.data.file_id}:${e.data.status}`, e.data.status);
      if (e.type === 'file' && e.data.status === 'FAILED') record(`f:${e.data.file_id}:STORED`, 'FAILED');
    },
  });
  const wait = (key: string) =>
    new Promise<Final>((resolve) => {
      const f = seen.get(key);
      if (f) resolve(f);
      else waiters.set(key, resolve);
    });
  return {
    ready,
    commandFinal: (id) => wait(`c:${id}`),
    fileStatus: (id, status) => wait(`f:${id}:${status}`),
    close: () => controller.abort(),
  };
}

export function clientFor(service: { url: string; key: string }): FfdeskClient {
  return createClient({ baseUrl: service.url, apiKey: service.key });
}

export interface TimedRun {
  wallSeconds: number;
  record: CommandRecord;
}

/** Submit -> SUCCESS seen by the client, timed on the client's clock. */
export async function runTimed(client: FfdeskClient, events: EventWatcher, body: RunCommandRequest): Promise<TimedRun> {
  const started = performance.now();
  const { command_id } = await client.runCommand(body);
  const final = await events.commandFinal(command_id);
  const wallSeconds = (final.atMs - started) / 1000;
  const record = await client.getCommand(command_id);
  if (record.status !== 'SUCCESS') throw new Error(`command ${command_id} ended ${record.status}: ${record.error_message ?? ''}`);
  return { wallSeconds, record };
}
