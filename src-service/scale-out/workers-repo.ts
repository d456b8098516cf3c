import crypto from 'node:crypto';
import type { Db } from '../db/open';
import { hashKey } from '../accounts/accounts-repo';
import { nowIso } from '../db/time';
import { WorkerItem } from '../contract/workers.schema';
import type { Worker, WorkerReport, WorkerToken } from './worker-record';

/** The `workers` table as SQLite returns it; it never leaves this file (`toWorker` maps it). */
interface WorkerRow {
  id: string;
  token_id: string;
  host: string;
  ffmpeg_version: string | null;
  hardware_encoders_json: string;
  cores: number;
  vcpus: number;
  running_json: string;
  started_at: string;
  last_seen_at: string;
}

interface WorkerTokenRow {
  id: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

const toWorker = (r: WorkerRow): Worker => ({
  id: r.id,
  tokenId: r.token_id,
  host: r.host,
  ffmpegVersion: r.ffmpeg_version,
  hardwareEncoders: WorkerItem.shape.hardware_encoders.parse(JSON.parse(r.hardware_encoders_json)),
  cores: r.cores,
  vcpus: r.vcpus,
  running: JSON.parse(r.running_json) as string[],
  startedAt: r.started_at,
  lastSeenAt: r.last_seen_at,
});

const toWorkerToken = (r: WorkerTokenRow): WorkerToken => ({ id: r.id, label: r.label, createdAt: r.created_at, revokedAt: r.revoked_at });

/** Worker tokens (hashed, like API keys) and the workers' self-descriptions. */
export function createWorkersRepo(db: Db) {
  const insertToken = db.prepare(`INSERT INTO worker_tokens (id, token_hash, label, created_at) VALUES (?, ?, ?, ?)`);
  const tokenByHash = db.prepare(`SELECT id FROM worker_tokens WHERE token_hash = ? AND revoked_at IS NULL`);
  const revoke = db.prepare(`UPDATE worker_tokens SET revoked_at = ? WHERE (id = ? OR id LIKE ? || '%') AND revoked_at IS NULL`);
  const listTokens = db.prepare(`SELECT id, label, created_at, revoked_at FROM worker_tokens ORDER BY created_at`);
  const upsert = db.prepare(
    `INSERT INTO workers (id, token_id, host, ffmpeg_version, hardware_encoders_json, cores, vcpus, running_json, started_at, last_seen_at)
     VALUES (@id, @token_id, @host, @ffmpeg_version, @hardware_encoders_json, @cores, @vcpus, @running_json, @now, @now)
     ON CONFLICT(id) DO UPDATE SET host = @host, ffmpeg_version = @ffmpeg_version, hardware_encoders_json = @hardware_encoders_json,
       cores = @cores, vcpus = @vcpus, running_json = @running_json, last_seen_at = @now`,
  );
  const seen = db.prepare(`UPDATE workers SET running_json = ?, last_seen_at = ? WHERE id = ?`);
  const list = db.prepare(`SELECT * FROM workers WHERE last_seen_at > ? ORDER BY last_seen_at DESC LIMIT 200`);
  /** Every start of a worker is a new id: one not seen for a week is forgotten. */
  const forget = db.prepare(`DELETE FROM workers WHERE last_seen_at <= ?`);
  const weekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString();
  return {
    /** A new token; the plaintext is returned once, only its hash is kept. */
    createToken(label: string | null): { id: string; token: string } {
      const id = `wt_${crypto.randomBytes(6).toString('hex')}`;
      const token = `ffw_${crypto.randomBytes(32).toString('base64url')}`;
      insertToken.run(id, hashKey(token), label, nowIso());
      return { id, token };
    },
    findToken: (token: string) => (tokenByHash.get(hashKey(token)) as { id: string } | undefined)?.id,
    revokeToken: (idOrPrefix: string) => revoke.run(nowIso(), idOrPrefix, idOrPrefix).changes > 0,
    listTokens: (): WorkerToken[] => (listTokens.all() as WorkerTokenRow[]).map(toWorkerToken),
    report(tokenId: string, w: WorkerReport): void {
      upsert.run({
        id: w.id,
        token_id: tokenId,
        host: w.host,
        ffmpeg_version: w.ffmpegVersion,
        hardware_encoders_json: JSON.stringify(w.hardwareEncoders),
        cores: w.cores,
        vcpus: w.vcpus,
        running_json: JSON.stringify(w.running),
        now: nowIso(),
      });
      forget.run(weekAgo());
    },
    touch: (id: string, running: string[]) => seen.run(JSON.stringify(running), nowIso(), id),
    list: (): Worker[] => (list.all(weekAgo()) as WorkerRow[]).map(toWorker),
  };
}

export type WorkersRepo = ReturnType<typeof createWorkersRepo>;
