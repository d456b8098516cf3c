import fs from 'node:fs/promises';
import type { Context, Next } from 'koa';
import type { FilesRepo } from '../../files/files-repo';
import type { BlobStore } from '../../storage/blob-store';
import type { Keyring } from '../../storage/signing';
import { NotFoundError } from '../../errors';
import { authorizeStorageRef } from '../../files/storage-access';
import { parseStoragePath } from '../../files/urls';
import { mimeTypeFor } from '../../media/probe';
import { parseRange } from './range';
import { sendFileRange } from '../../storage/send-range';
import { errorCode } from '../../storage/fs-io';

/**
 * Stored bytes are user content served on the API's own origin, where the GUI holds the
 * key: never sniffed into something active, and if opened as a page, sandboxed with no
 * script, plugin or form. The MIME map already has no html/svg/js types (media/mime-types.ts).
 * `allow-same-origin` because the browsers' own video viewer does not load under a bare
 * `sandbox` (checked in Chromium); without `allow-scripts` the origin gives nothing away.
 */
const UNTRUSTED_CONTENT_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox allow-same-origin; script-src 'none'; object-src 'none'",
};

/**
 * Serves stored bytes at `storage_url` (public) and presigned URLs, with Content-Type,
 * Content-Length, ETag, Range (206) and HEAD (docs/choices.md: Storage and signed URLs). No key:
 * the URL itself is the grant.
 */
export function storageRoutes(deps: { files: FilesRepo; keyring: Keyring; blobs: BlobStore }) {
  return async function serveStorage(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith('/storage/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { detail: 'Method not allowed' };
      return;
    }
    const ref = parseStoragePath(ctx.path);
    if (!ref) throw new NotFoundError('File not found');
    const target = authorizeStorageRef(deps.files, deps.keyring, ref, Math.floor(Date.now() / 1000));
    const stat = await deps.blobs.stat(target.blobKey, target.innerPath).catch(() => null);
    if (!stat) throw new NotFoundError('File not found');
    const etag = `"${target.row.id.slice(0, 8)}-${stat.sizeBytes.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    ctx.set('ETag', etag);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('Cache-Control', target.row.isPrivate ? 'private, max-age=0' : 'public, max-age=3600');
    ctx.set(UNTRUSTED_CONTENT_HEADERS);
    ctx.type = mimeTypeFor(target.fileName);
    if (ctx.get('if-none-match') === etag) {
      ctx.status = 304;
      return;
    }
    const range = parseRange(ctx.get('range'), stat.sizeBytes);
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${stat.sizeBytes}`);
      ctx.type = 'application/json';
      ctx.body = { detail: 'Range not satisfiable' };
      return;
    }
    const { start, end } = range ?? { start: 0, end: stat.sizeBytes - 1 };
    ctx.status = range ? 206 : 200;
    if (range) ctx.set('Content-Range', `bytes ${start}-${end}/${stat.sizeBytes}`);
    ctx.length = Math.max(0, end - start + 1);
    if (ctx.method === 'HEAD') return;
    if (stat.sizeBytes === 0) {
      ctx.body = Buffer.alloc(0); // without a body, Koa would answer its status text ("OK") as the file
      return;
    }
    const file = deps.blobs.localPath(target.blobKey, target.innerPath);
    if (file === null) {
      ctx.body = await deps.blobs.openRead(target.blobKey, target.innerPath, { start, end });
      return;
    }
    // A local file: sent straight to the socket from reused buffers, past Koa's body
    // handling (the status and headers set above are already on the response).
    const fh = await fs.open(file, 'r').catch((err: unknown) => {
      throw errorCode(err) === 'ENOENT' ? new NotFoundError('File not found') : err; // deleted since the stat
    });
    ctx.respond = false;
    await sendFileRange(ctx.res, fh, start, end);
  };
}
