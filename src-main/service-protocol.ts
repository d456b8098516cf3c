/**
 * Messages between the Electron main process and the service host it starts in a
 * `utilityProcess` (docs/architecture.md: the service runs off the UI thread). The window
 * itself never uses this channel: it talks to the service over HTTP like any script.
 */
export type HostMessage = { type: 'ready'; url: string; apiKey: string; dataDir: string } | { type: 'failed'; message: string } | { type: 'stopped' };

export type MainMessage = { type: 'stop' };

export interface HostOptions {
  dataDir: string;
  webRoot: string;
}

/** The host's options travel as one JSON argument: no parsing of free-form argv. */
export function encodeHostOptions(opts: HostOptions): string {
  return JSON.stringify(opts);
}

export function decodeHostOptions(arg: string | undefined): HostOptions {
  const parsed = JSON.parse(arg ?? '{}') as Partial<HostOptions>;
  if (typeof parsed.dataDir !== 'string' || typeof parsed.webRoot !== 'string') throw new Error('service host: dataDir and webRoot are required');
  return { dataDir: parsed.dataDir, webRoot: parsed.webRoot };
}
