import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { hashKey, type AccountsRepo } from '../../accounts/accounts-repo';
import type { HostGuardOptions } from '../middleware/host-guard';
import type { PollCache } from './poll-cache';

/**
 * The last key a connection sent and its hash: a script polling over keep-alive sends the same
 * key each time, and its SHA-256 was the fast path's largest own cost (docs/performance.md,
 * "Polling"). Kept on the socket, so it lives as long as the connection that sent it, never in
 * a process-wide table; the account is still looked up by hash each time, so a revoked key is
 * refused at once.
 */
const KEY_MEMO = Symbol('ffdesk.pollKeyHash');
type MemoSocket = Socket & { [KEY_MEMO]?: { key: string; hash: string } };

/** A poll of one command with no query string: the only shape answered here. */
const POLL_PATH = /^\/v1\/(?:commands|poll-command)\/([A-Za-z0-9_-]{1,128})$/;

/**
 * Answers the commonest request, a script polling a finished command, before Koa builds a
 * context and walks its middleware (docs/performance.md). It answers only when every check
 * the full chain would make passes the same way (host and origin guard, no request body,
 * a valid key) and the JSON is already cached; the response is byte for byte what the Koa
 * route sends (X-Request-Id, Content-Type, Content-Length, body). Anything else (a miss,
 * a refusal, a query string) returns false and goes through the full chain, which produces
 * its usual answer.
 */
export function pollFastPath(
  deps: { accounts: Pick<AccountsRepo, 'findAccountByKeyHash'>; cache: PollCache },
  guard: HostGuardOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cache = deps.cache;
  return function answerPoll(req, res) {
    if (req.method !== 'GET') return false;
    const m = POLL_PATH.exec(req.url ?? '');
    if (!m) return false;
    const h = pollHeaders(req.rawHeaders);
    if (!h) return false;
    const hosts = guard.allowedHosts();
    if (hosts.size > 0 && !hosts.has((h.host ?? '').toLowerCase())) return false;
    if (h.origin && !guard.allowedOrigins().has(h.origin.toLowerCase())) return false;
    const key = h.key;
    if (key === undefined || key === '') return false;
    const socket = req.socket as MemoSocket;
    let memo = socket[KEY_MEMO];
    if (!memo || !sameKey(memo.key, key)) socket[KEY_MEMO] = memo = { key, hash: hashKey(key) };
    const account = deps.accounts.findAccountByKeyHash(memo.hash);
    if (!account) return false;
    const json = cache.get(account.id, m[1] as string);
    if (json === undefined) return false;
    // The same names, casing and order as Koa's answer; a flat list skips setHeader's per-call checks.
    res.writeHead(200, ['X-Request-Id', crypto.randomUUID(), 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(json.length)]);
    res.end(json);
    return true;
  };
}

/**
 * Whether two keys are equal, in time that does not depend on where they differ: behind a proxy
 * that reuses its upstream connections, the key remembered on a connection may be another
 * client's (SECURITY.md, "Timing").
 */
function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

interface PollHeaders {
  host?: string;
  origin?: string;
  key?: string;
}

/**
 * The three headers the fast path reads, from the raw list: `req.headers` builds an object of
 * every header per request (docs/performance.md, "Polling"). Null (the full chain answers) when
 * the request has a body header or names one of the three twice (Node would keep the first Host
 * but join two Origins or keys: the chain's own reading decides those).
 */
function pollHeaders(raw: string[]): PollHeaders | null {
  const out: PollHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    let slot: keyof PollHeaders;
    switch ((raw[i] as string).toLowerCase()) {
      case 'content-length':
      case 'transfer-encoding':
        return null;
      case 'host':
        slot = 'host';
        break;
      case 'origin':
        slot = 'origin';
        break;
      case 'x-api-key':
        slot = 'key';
        break;
      default:
        continue;
    }
    if (out[slot] !== undefined) return null;
    out[slot] = raw[i + 1];
  }
  return out;
}
