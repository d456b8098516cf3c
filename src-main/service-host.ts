/**
 * The service's own process under Electron (`utilityProcess.fork`), so synchronous SQLite,
 * hashing and ffmpeg supervision never run on the thread that drives the window. It never
 * imports `electron`: the channel to main is `process.parentPort` under Electron, or the
 * Node IPC channel (`process.send`) when forked by plain Node (how the tests run it).
 *
 * Unlike `ffdesk serve`, it closes no inherited descriptor: under Electron the ones it holds
 * above 2 are Chromium's (its launcher closes every other), it cannot tell which it still
 * needs, and closing one could cut it off from main. They never reach ffmpeg all the same:
 * every child is spawned with /dev/null over them (src-service/media/child-process.ts;
 * docs/sandbox.md, "Clean process start"). The same holds forked by Node, so the tests prove
 * what runs under Electron.
 */
import { createService, type Service } from '../src-service/index';
import { decodeHostOptions, type HostMessage, type MainMessage } from './service-protocol';

interface Channel {
  /** Resolves once the message is handed over (so exiting right after cannot drop it). */
  post(msg: HostMessage): Promise<void>;
  onMessage(fn: (msg: MainMessage) => void): void;
}

interface ParentPort {
  postMessage(msg: unknown): void;
  on(event: 'message', fn: (e: { data: unknown }) => void): void;
}

function channel(): Channel {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) {
    return { post: (m) => Promise.resolve(parentPort.postMessage(m)), onMessage: (fn) => parentPort.on('message', (e) => fn(e.data as MainMessage)) };
  }
  if (process.send) {
    const send = process.send.bind(process);
    return { post: (m) => new Promise<void>((resolve) => send(m, () => resolve())), onMessage: (fn) => process.on('message', (m) => fn(m as MainMessage)) };
  }
  throw new Error('service host: no parent channel (start it with utilityProcess.fork or child_process.fork)');
}

async function main(): Promise<void> {
  const port = channel();
  // Main gone without a goodbye (crash, kill): stop cleanly so running commands are re-queued. Listened for from the
  // first moment: a main that dies while the service is still starting must not leave it serving with no parent.
  // (Under Node the channel may have closed while the modules loaded, before any listener: `connected` says so.)
  let parentGone = process.send !== undefined && !process.connected;
  let onParentGone = () => void (parentGone = true);
  process.on('disconnect', () => onParentGone());
  let service: Service;
  try {
    const opts = decodeHostOptions(process.argv[2]);
    service = createService({ host: '127.0.0.1', port: 0, dataDir: opts.dataDir, webRoot: opts.webRoot, samples: true });
    const { url } = await service.start();
    await port.post({ type: 'ready', url, apiKey: service.localKey, dataDir: service.config.dataDir });
  } catch (err) {
    await port.post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= service.stop().finally(async () => {
      await port.post({ type: 'stopped' }).catch(() => undefined); // main may be gone already
      process.exit(0);
    });
    return stopping;
  };
  port.onMessage((msg) => {
    if (msg.type === 'stop') void stop();
  });
  onParentGone = () => void stop();
  if (parentGone) void stop();
}

void main();
