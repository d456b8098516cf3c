import path from 'node:path';
import { utilityProcess } from 'electron';
import { encodeHostOptions, type HostOptions } from './service-protocol';
import { startServiceChild, type RunningService } from './service-child';

export type { RunningService } from './service-child';

/** Starts the service host (`service.js`, built beside this file) in a utilityProcess and waits for its address. */
export function startServiceProcess(opts: HostOptions): Promise<RunningService> {
  const child = utilityProcess.fork(path.join(__dirname, 'service.js'), [encodeHostOptions(opts)], {
    serviceName: 'FFDesk service',
    stdio: 'inherit',
    env: process.env,
  });
  return startServiceChild({
    onMessage: (fn) => child.on('message', fn),
    onExit: (fn) => child.once('exit', fn),
    post: (msg) => child.postMessage(msg),
    kill: () => child.kill(),
  });
}
