import path from 'node:path';
import { utilityProcess, type UtilityProcess } from 'electron';
import { encodeHostOptions, type HostMessage, type HostOptions } from './service-protocol';

export interface RunningService {
  url: string;
  apiKey: string;
  dataDir: string;
  /** Asks the service to stop (running commands are re-queued) and waits, killing it after a grace period. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 15_000;

/** Starts the service host (`service.js`, built beside this file) and waits for its address. */
export function startServiceProcess(opts: HostOptions): Promise<RunningService> {
  const child = utilityProcess.fork(path.join(__dirname, 'service.js'), [encodeHostOptions(opts)], {
    serviceName: 'FFDesk service',
    stdio: 'inherit',
    env: process.env,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the service process exited (code ${code}) before it was ready`)));
    child.on('message', (msg: HostMessage) => {
      if (msg.type === 'failed') reject(new Error(`the service could not start: ${msg.message}`));
      if (msg.type === 'ready') resolve({ url: msg.url, apiKey: msg.apiKey, dataDir: msg.dataDir, stop: () => stopChild(child, exited) });
    });
  });
}

async function stopChild(child: UtilityProcess, exited: Promise<void>): Promise<void> {
  child.postMessage({ type: 'stop' });
  const timer = setTimeout(() => child.kill(), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
