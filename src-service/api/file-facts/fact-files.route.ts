import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import type { FilesRepo } from '../../files/files-repo';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { FactCache } from '../../facts/fact-cache';
import type { FactUrls } from '../../facts/fact-urls';
import { sendFileRange } from '../../storage/send-range';
import { errorCode } from '../../storage/fs-io';
import { parseRange } from '../storage/range';

/** By extension: the names a fact URL may carry are fixed (fact-urls.ts isServedFact). */
const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.mp4': 'video/mp4', '.m4a': 'audio/mp4', '.vtt': 'text/vtt; charset=utf-8' };

/**
 * Serves a file's cached sprite and proxy at their signed URLs (GET/HEAD, Range for the
 * player's seeks), mounted before the key check: the URL is the grant (docs/api.md, "File facts").
 */
export function factFilesRoute(deps: { files: FilesRepo; cache: FactCache; urls: FactUrls }) {
  return async function serveFactFile(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith('/facts/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { detail: 'Method not allowed' };
      return;
    }
    const checked = deps.urls.check(ctx.path, Math.floor(Date.now() / 1000));
    if (checked === 'not-found') throw new NotFoundError('File not found');
    if (checked === 'expired') throw new ForbiddenError('The signed URL has expired');
    if (checked === 'invalid') throw new ForbiddenError('The signed URL is invalid');
    const row = deps.files.getAny(checked.fileId);
    if (!row || row.isDeleted) throw new NotFoundError('File not found');
    const file = deps.cache.pathOf(checked.fileId, checked.name);
    const fh = await fs.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW).catch((err: unknown) => {
      throw errorCode(err) === 'ENOENT' ? new NotFoundError('File not found') : err;
    });
    let handed = false;
    try {
      const size = (await fh.stat()).size;
      ctx.set('Accept-Ranges', 'bytes');
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = TYPES[path.extname(checked.name)] ?? 'application/octet-stream';
      const range = parseRange(ctx.get('range'), size);
      if (range === 'unsatisfiable') {
        ctx.status = 416;
        ctx.set('Content-Range', `bytes */${size}`);
        ctx.body = { detail: 'Range not satisfiable' };
        return;
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      ctx.status = range ? 206 : 200;
      if (range) ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
      ctx.length = Math.max(0, end - start + 1);
      if (ctx.method === 'HEAD' || size === 0) {
        ctx.body = ctx.method === 'HEAD' ? null : Buffer.alloc(0);
        return;
      }
      ctx.respond = false;
      handed = true; // sendFileRange closes it
      await sendFileRange(ctx.res, fh, start, end);
    } finally {
      if (!handed) await fh.close();
    }
  };
}
