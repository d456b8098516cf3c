import fs from 'node:fs';
import path from 'node:path';
import type { StoredFile } from '../client/index';
import type { Client } from './context';
import { UsageError } from './exit-codes';
import { createProgressView, formatMb } from './output';
import { userPath } from './user-path';

/** How long presigned URLs of uploaded inputs stay valid: longer than any queue wait plus run (docs/api.md §4.9: at most 7 days). */
const INPUT_URL_TTL_SECONDS = 7 * 24 * 3600;

/** `alias=value` pairs of --in / --out. */
export function parsePairs(values: string[], flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} expects alias=value, got "${v}"`);
    out[v.slice(0, eq)] = v.slice(eq + 1);
  }
  return out;
}

export function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * Uploads one local file with the client's multipart upload and waits until it is STORED
 * (probing follows complete-upload, docs/api.md §4.8c). A file the account already stored
 * (same content hash, name and privacy) is reused instead (docs/choices.md, "Same content, one file").
 */
export async function uploadLocalFile(client: Client, given: string, opts: { isPrivate: boolean; json: boolean }): Promise<StoredFile> {
  const file = userPath(given);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new UsageError(`No such file: ${given} (looked at ${file})`);
  const view = createProgressView({ json: opts.json });
  const blob = await fs.openAsBlob(file);
  const name = path.basename(file);
  const copy = await client.findStoredCopy(blob, { filename: name, isPrivate: opts.isPrivate });
  if (copy) {
    if (!opts.json) process.stderr.write(`${name} is already stored as ${copy.file_id}: reused, not uploaded again\n`);
    return copy;
  }
  const uploaded = await client.uploadFile(blob, {
    filename: name,
    isPrivate: opts.isPrivate,
    onProgress: (p) =>
      view.update('UPLOAD', p.totalBytes ? p.uploadedBytes / p.totalBytes : 1, `${name} ${formatMb(p.uploadedBytes)}/${formatMb(p.totalBytes)}`),
  });
  view.done();
  return waitForStoredFile(client, uploaded.file_id);
}

/** Polls a file until STORED or FAILED (store-file and uploads are asynchronous). */
export async function waitForStoredFile(client: Client, fileId: string, intervalMs = 250): Promise<StoredFile> {
  for (;;) {
    const file = await client.getFile(fileId);
    if (file.status === 'STORED' || file.status === 'FAILED') return file;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Where a local input stands while the request is only checked (`dry_run`): a URL of the same file name. */
export function placeholderInputs(pairs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(pairs).map(([alias, v]) => [alias, isUrl(v) ? v : `http://localhost/ffdesk-local-input/${encodeURIComponent(path.basename(v)) || 'file'}`]),
  );
}

/** Local inputs that do not exist, before anything is sent. */
export function assertLocalInputsExist(pairs: Record<string, string>): void {
  for (const value of Object.values(pairs)) {
    if (isUrl(value)) continue;
    const file = userPath(value);
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new UsageError(`No such file: ${value} (looked at ${file})`);
  }
}

/** Turns `--in` values into URLs: URLs pass; local files are uploaded (private) and presigned. */
export async function resolveInputs(client: Client, pairs: Record<string, string>, json: boolean): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [alias, value] of Object.entries(pairs)) {
    if (isUrl(value)) {
      out[alias] = value;
      continue;
    }
    const stored = await uploadLocalFile(client, value, { isPrivate: true, json });
    if (stored.status !== 'STORED') throw new Error(`Upload of ${value} failed: ${stored.external_error_message ?? stored.status}`);
    const signed = await client.getFile(stored.file_id, { presignedTtlSeconds: INPUT_URL_TTL_SECONDS });
    out[alias] = signed.storage_url as string;
  }
  return out;
}
