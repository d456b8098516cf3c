import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isFolderBlob } from '../../files/storage-access';
import type { FileMedia } from '../../files/stored-file';

/**
 * The storage consistency invariant of a data dir, checked from the outside: the SQLite
 * database opened read-only and the blob folder listed, never through the service's own
 * code. Used after a kill -9, after the restart that follows it, and once everything settled.
 *
 * - `crashed`: the service is dead (right after kill -9). What must hold at every instant:
 *   a live STORED record has its blob with the recorded size; deleted records hold no blob;
 *   a command's outputs are each stored once, only for SUCCESS, and all of them for SUCCESS.
 *   Unreferenced blobs, temp files, job folders and stagings are allowed (a crash leaves them)
 *   and remembered in the report.
 * - `running`: the service restarted at `startedAt` (pass the `crashed` report as `previous`).
 *   Besides the above: no command PROCESSING from before the restart, and everything the
 *   crash left behind that no record owns (blobs, temp files, job folders, stagings) is gone.
 * - `settled`: nothing is under way any more. Besides the above: no QUEUED or PROCESSING
 *   command, no file in a transient state, no unreferenced blob, no temp file, no job folder,
 *   no staging that does not belong to an open upload session.
 */
export type Phase = 'crashed' | 'running' | 'settled';

export interface DiskState {
  blobKeys: string[];
  /** Entries of blobs/.tmp, jobs/, staging/ (store-file) and uploads/ (upload sessions). */
  tmp: string[];
  jobs: string[];
  storeStagings: string[];
  uploadStagings: string[];
  strays: string[];
}

export interface ConsistencyReport {
  phase: Phase;
  violations: string[];
  disk: DiskState;
  /** Blobs on disk that no live record references. */
  orphanBlobs: string[];
  /** File id -> status, and command id -> status, as read. */
  fileStatus: Map<string, string>;
  commandStatus: Map<string, string>;
  counts: Record<string, number>;
}

interface FileRecord {
  id: string;
  command_id: string | null;
  output_alias: string | null;
  status: string;
  is_deleted: number;
  blob_key: string | null;
  size_bytes: number | null;
  size_compressed_bytes: number | null;
  file_count: number | null;
  media_json: string | null;
  service_store_type: 'OUTPUT' | 'STORED_FILE';
}

interface CommandRecord {
  id: string;
  status: string;
  request_json: string;
  started_at: string | null;
}

const TRANSIENT_FILE = new Set(['QUEUED', 'DOWNLOADING', 'DOWNLOADED', 'UPLOADED']);
const BLOB_KEY = /^[0-9a-f]{32}$/;

export function checkConsistency(dataDir: string, opts: { phase: Phase; startedAt?: string; previous?: ConsistencyReport; nowMs?: number }): ConsistencyReport {
  const db = new Database(path.join(dataDir, 'ffdesk.db'), { readonly: true, fileMustExist: true });
  let files: FileRecord[];
  let commands: CommandRecord[];
  let uploads: { file_id: string; staging_path: string; expires_at: string }[];
  try {
    // One read transaction: a consistent snapshot even while the service writes.
    ({ files, commands, uploads } = db.transaction(() => ({
      files: db.prepare('SELECT * FROM files').all() as FileRecord[],
      commands: db.prepare('SELECT id, status, request_json, started_at FROM commands').all() as CommandRecord[],
      uploads: db.prepare('SELECT file_id, staging_path, expires_at FROM uploads').all() as { file_id: string; staging_path: string; expires_at: string }[],
    }))());
  } finally {
    db.close();
  }
  const disk = readDisk(dataDir);
  const v: string[] = [];
  const fileStatus = new Map(files.map((f) => [f.id, f.status]));
  const commandStatus = new Map(commands.map((c) => [c.id, c.status]));
  const liveKeys = checkFiles(dataDir, files, v);
  checkOutputs(commands, files, v);
  const orphanBlobs = disk.blobKeys.filter((k) => !liveKeys.has(k));
  for (const s of disk.strays) v.push(`unexpected entry in blobs/: ${s}`);

  if (opts.phase === 'running') checkAfterRestart(dataDir, opts, commands, files, disk, v);
  if (opts.phase === 'settled') checkSettled(opts.nowMs ?? Date.now(), commands, files, uploads, disk, orphanBlobs, v);

  const counts: Record<string, number> = { commands: commands.length, files: files.length, blobs: disk.blobKeys.length, orphanBlobs: orphanBlobs.length };
  for (const c of commands) counts[`command.${c.status}`] = (counts[`command.${c.status}`] ?? 0) + 1;
  for (const f of files) counts[`file.${f.status}${f.is_deleted ? '.deleted' : ''}`] = (counts[`file.${f.status}${f.is_deleted ? '.deleted' : ''}`] ?? 0) + 1;
  return { phase: opts.phase, violations: v, disk, orphanBlobs, fileStatus, commandStatus, counts };
}

/** Live STORED records have their bytes, with the recorded size; returns the live blob keys. */
function checkFiles(dataDir: string, files: FileRecord[], v: string[]): Set<string> {
  const live = new Set<string>();
  for (const f of files) {
    if (f.is_deleted) {
      if (f.blob_key) v.push(`file ${f.id}: deleted but still holds blob ${f.blob_key}`);
      continue;
    }
    if (f.blob_key) {
      if (live.has(f.blob_key)) v.push(`file ${f.id}: blob ${f.blob_key} shared with another live record`);
      live.add(f.blob_key);
    }
    if (f.status !== 'STORED') {
      if (f.blob_key) v.push(`file ${f.id}: status ${f.status} but holds blob ${f.blob_key}`);
      continue;
    }
    if (!f.blob_key) {
      v.push(`file ${f.id}: STORED without a blob key`);
      continue;
    }
    const problem = blobProblem(path.join(dataDir, 'blobs', f.blob_key.slice(0, 2), f.blob_key), f);
    if (problem) v.push(`file ${f.id} (blob ${f.blob_key}): ${problem}`);
  }
  return live;
}

function blobProblem(p: string, f: FileRecord): string | null {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 'STORED but its blob is missing on disk';
  const isFolder = isFolderBlob({ serviceStoreType: f.service_store_type, media: f.media_json ? (JSON.parse(f.media_json) as FileMedia) : {} });
  if (isFolder) {
    if (!st.isDirectory()) return 'a playlist whose blob is not a folder';
    const inside = fs.readdirSync(p, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const bytes = inside.reduce((n, e) => n + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
    if (bytes !== f.size_bytes) return `playlist folder holds ${bytes} bytes, record says ${f.size_bytes}`;
    if (f.file_count !== null && inside.length !== f.file_count) return `playlist folder holds ${inside.length} files, record says ${f.file_count}`;
    return null;
  }
  if (!st.isFile()) return 'blob is not a regular file';
  const expected = f.size_compressed_bytes ?? f.size_bytes;
  return st.size === expected ? null : `blob is ${st.size} bytes, record says ${expected} (truncated or wrong)`;
}

/** Each declared output alias of a SUCCESS command is stored exactly once; nothing else has outputs. */
function checkOutputs(commands: CommandRecord[], files: FileRecord[], v: string[]): void {
  const byCommand = new Map<string, FileRecord[]>();
  for (const f of files) if (f.command_id) byCommand.set(f.command_id, [...(byCommand.get(f.command_id) ?? []), f]);
  for (const c of commands) {
    const outs = byCommand.get(c.id) ?? [];
    if (c.status !== 'SUCCESS') {
      if (outs.length > 0) v.push(`command ${c.id}: ${c.status} but has ${outs.length} output record(s)`);
      continue;
    }
    const declared = (JSON.parse(c.request_json) as { output_files: Record<string, string> | string }).output_files;
    const want = typeof declared === 'string' ? ['OUTPUT_FOLDER'] : Object.keys(declared);
    const have = outs.map((o) => o.output_alias ?? '?');
    if ([...have].sort().join(',') !== [...want].sort().join(','))
      v.push(`command ${c.id}: SUCCESS with outputs [${have.join(',')}], declared [${want.join(',')}]`);
    for (const o of outs) if (o.status !== 'STORED') v.push(`command ${c.id}: output ${o.output_alias} is ${o.status}, not STORED`);
  }
}

function checkAfterRestart(
  dataDir: string,
  opts: { startedAt?: string; previous?: ConsistencyReport },
  commands: CommandRecord[],
  files: FileRecord[],
  disk: DiskState,
  v: string[],
): void {
  for (const c of commands) {
    if (c.status === 'PROCESSING' && (c.started_at ?? '') < (opts.startedAt ?? ''))
      v.push(`command ${c.id}: still PROCESSING from before the restart (started ${c.started_at})`);
  }
  const prev = opts.previous;
  if (!prev) return;
  const now = new Set(disk.blobKeys);
  for (const k of prev.orphanBlobs) if (now.has(k)) v.push(`orphan blob ${k} left by the crash survived the start-up sweep`);
  const gone = (what: string, before: string[], after: string[]) => {
    const still = new Set(after);
    for (const e of before) if (still.has(e)) v.push(`${what} ${e} left by the crash survived the restart`);
  };
  gone('blobs/.tmp entry', prev.disk.tmp, disk.tmp);
  // A re-queued command runs again in a job folder of the same name: only an older one survived.
  const since = Date.parse(opts.startedAt ?? '');
  gone(
    'job folder',
    prev.disk.jobs.filter((j) => (fs.statSync(path.join(dataDir, 'jobs', j), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < since),
    disk.jobs,
  );
  const owned = (name: string, statuses: Set<string>) => statuses.has(prev.fileStatus.get(idOf(name)) ?? '');
  const fileRows = new Map(files.map((f) => [f.id, f]));
  gone(
    'store-file staging',
    prev.disk.storeStagings.filter((s) => !owned(s, new Set(['QUEUED', 'DOWNLOADING', 'DOWNLOADED']))),
    disk.storeStagings,
  );
  gone(
    'upload staging',
    prev.disk.uploadStagings.filter((s) => !owned(s, new Set(['UPLOADING', 'UPLOADED']))),
    disk.uploadStagings,
  );
  for (const s of disk.uploadStagings) {
    const row = fileRows.get(idOf(s));
    if (!row) v.push(`upload staging ${s} has no file record`);
  }
}

function checkSettled(
  nowMs: number,
  commands: CommandRecord[],
  files: FileRecord[],
  uploads: { file_id: string; staging_path: string; expires_at: string }[],
  disk: DiskState,
  orphanBlobs: string[],
  v: string[],
): void {
  for (const c of commands) if (c.status === 'QUEUED' || c.status === 'PROCESSING') v.push(`command ${c.id}: still ${c.status} after settling`);
  const sessions = new Map(uploads.map((u) => [u.file_id, u]));
  for (const f of files) {
    if (TRANSIENT_FILE.has(f.status)) v.push(`file ${f.id}: still ${f.status}${f.is_deleted ? ' (deleted)' : ''} after settling`);
    if (f.status === 'UPLOADING') {
      const s = sessions.get(f.id);
      if (!s) v.push(`file ${f.id}: UPLOADING without an upload session`);
      else if (Date.parse(s.expires_at) < nowMs) v.push(`file ${f.id}: upload session expired but still UPLOADING`);
      else if (!fs.existsSync(s.staging_path)) v.push(`file ${f.id}: UPLOADING but its staging file is missing`);
    }
  }
  const uploading = new Set(files.filter((f) => f.status === 'UPLOADING').map((f) => f.id));
  for (const u of uploads)
    if (!uploading.has(u.file_id)) v.push(`upload session ${u.file_id} kept for a file that is ${files.find((f) => f.id === u.file_id)?.status}`);
  for (const k of orphanBlobs) v.push(`orphan blob ${k}: on disk, referenced by no live record`);
  for (const t of disk.tmp) v.push(`blobs/.tmp/${t} left behind`);
  for (const j of disk.jobs) v.push(`jobs/${j} left behind`);
  for (const s of disk.storeStagings) v.push(`staging/${s} left behind`);
  for (const s of disk.uploadStagings) if (!uploading.has(idOf(s))) v.push(`uploads/${s} left behind (no open upload session)`);
}

const idOf = (name: string) => name.split('.')[0] as string; // <id>, <id>.zip, <id>.upload, <id>.upload.store

function readDisk(dataDir: string): DiskState {
  const list = (...p: string[]) => {
    try {
      return fs.readdirSync(path.join(dataDir, ...p));
    } catch {
      return []; // not created yet
    }
  };
  const blobKeys: string[] = [];
  const strays: string[] = [];
  for (const shard of list('blobs')) {
    if (shard === '.tmp') continue;
    if (!/^[0-9a-f]{2}$/.test(shard)) {
      strays.push(shard);
      continue;
    }
    for (const name of list('blobs', shard)) {
      if (BLOB_KEY.test(name) && name.startsWith(shard)) blobKeys.push(name);
      else strays.push(`${shard}/${name}`);
    }
  }
  return { blobKeys, tmp: list('blobs', '.tmp'), jobs: list('jobs'), storeStagings: list('staging'), uploadStagings: list('uploads'), strays };
}

/**
 * Every live STORED file is downloadable through its storage URL (presigned when private)
 * with the recorded size. Returns violations. Playlists: the manifest inside the folder.
 */
export async function checkDownloads(baseUrl: string, key: string, fileIds: string[], concurrency = 8): Promise<{ violations: string[]; checked: number }> {
  const violations: string[] = [];
  let checked = 0;
  const queue = [...fileIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const rec = (await (await fetch(`${baseUrl}/v1/files/${id}?presigned_ttl_seconds=600`, { headers: { 'X-API-KEY': key } })).json()) as Record<
        string,
        unknown
      >;
      if (rec.status !== 'STORED' || rec.is_deleted) continue;
      const res = await fetch(rec.storage_url as string);
      const bytes = Buffer.from(await res.arrayBuffer());
      checked++;
      if (res.status !== 200) violations.push(`file ${id}: storage_url answered ${res.status}`);
      else if (
        rec.file_type !== 'output_manifest' &&
        bytes.length !== Math.round(((rec.size_compressed_mbytes as number) ?? (rec.size_mbytes as number)) * 1048576)
      ) {
        violations.push(`file ${id}: downloaded ${bytes.length} bytes, record says ${(rec.size_compressed_mbytes ?? rec.size_mbytes) as number} MB`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { violations, checked };
}
