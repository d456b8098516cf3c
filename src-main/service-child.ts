import type { HostMessage, MainMessage } from './service-protocol';

/** The service host's process as main sees it: Electron's utilityProcess, or a Node fork in the tests. */
export interface HostChild {
  onMessage(fn: (msg: HostMessage) => void): void;
  onExit(fn: (code: number | null) => void): void;
  post(msg: MainMessage): void;
  kill(): void;
}

export interface RunningService {
  url: string;
  apiKey: string;
  dataDir: string;
  /** Asks the service to stop (running commands are re-queued) and waits, killing it after a grace period. */
  stop(): Promise<void>;
  /** Settles with the exit code if the process ends without being asked to stop: a crash (never settles otherwise). */
  crashed: Promise<number | null>;
}

const STOP_GRACE_MS = 15_000;

/** Waits for the host's address; afterwards, an exit nobody asked for is reported through `crashed`. */
export function startServiceChild(child: HostChild): Promise<RunningService> {
  let stopping = false;
  let exitCode: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => child.onExit((code) => resolve(code)));
  const crashed = new Promise<number | null>((resolve) => (exitCode = resolve));
  void exited.then((code) => !stopping && exitCode(code));
  const stop = async () => {
    stopping = true;
    child.post({ type: 'stop' });
    const timer = setTimeout(() => child.kill(), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    void exited.then((code) => reject(new Error(`the service process exited (code ${code}) before it was ready`)));
    child.onMessage((msg) => {
      if (msg.type === 'failed') reject(new Error(`the service could not start: ${msg.message}`));
      if (msg.type === 'ready') resolve({ url: msg.url, apiKey: msg.apiKey, dataDir: msg.dataDir, stop, crashed });
    });
  });
}
