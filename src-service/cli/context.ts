import fs from 'node:fs';
import path from 'node:path';
import { defaultDataDir } from '../config';
import { LOCAL_KEY_FILE } from '../service/bootstrap';
import { createClient } from '../client/index';
import { UsageError } from './exit-codes';
import { userDataDir } from './user-path';

export type Client = ReturnType<typeof createClient>;

/**
 * Where the CLI talks to: `FFDESK_URL` with `FFDESK_API_KEY`, defaulting to the local service
 * (`http://127.0.0.1:<FFDESK_PORT or 8777>`) and its key file in the data dir (bootstrap.ts).
 */
export function resolveTarget(env: NodeJS.ProcessEnv = process.env): { baseUrl: string; apiKey: string } {
  const baseUrl = env.FFDESK_URL || `http://127.0.0.1:${env.FFDESK_PORT || '8777'}`;
  const apiKey = env.FFDESK_API_KEY || readLocalKey(path.join(userDataDir(env) ?? defaultDataDir(env), LOCAL_KEY_FILE));
  if (!apiKey) throw new UsageError('No API key: set FFDESK_API_KEY, or start the local service once so it writes its key file');
  return { baseUrl, apiKey };
}

function readLocalKey(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export function connect(env: NodeJS.ProcessEnv = process.env): Client {
  return createClient(resolveTarget(env));
}
