import type { ConnectionOptions } from 'bullmq';

/** The one queue every service and worker of an installation share. */
export const QUEUE_NAME = 'ffdesk-commands';

/** `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS) as BullMQ connection options. */
export function redisOptions(url: string): ConnectionOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`Invalid Redis URL: ${url} (expected redis://host:port)`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`Invalid Redis URL: ${url} (expected redis:// or rediss://)`);
  const db = Number(u.pathname.replace(/^\//, '') || 0);
  return {
    host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: Number.isInteger(db) ? db : 0,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
