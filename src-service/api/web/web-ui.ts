import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { mimeTypeFor } from '../../media/probe';

/**
 * Web mode: serves the built renderer at `/`. The page holds no secret: it asks for the
 * key (or reads it from the URL fragment that `npm start` prints, which never reaches the
 * server), so reaching the port is not enough to use the API.
 */
export function webUi(rootDir: string | undefined) {
  const root = rootDir ? path.resolve(rootDir) : undefined;
  return async function serveWebUi(ctx: Context, next: Next): Promise<void> {
    if (!root || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/v1/')) return next();
    const rel = safeRelative(ctx.path);
    if (rel === null) return next();
    const file = await pickFile(root, rel);
    if (!file) return next();
    ctx.type = mimeTypeFor(file);
    ctx.set('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('Content-Security-Policy', "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; worker-src 'self' blob:");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = fs.createReadStream(file);
  };
}

function safeRelative(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const rel = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (rel.startsWith('..') || rel.includes('\0')) return null;
  return rel === '' ? 'index.html' : rel;
}

/** The file itself, or `index.html` for app routes without an extension (single-page app). */
async function pickFile(root: string, rel: string): Promise<string | null> {
  const full = path.join(root, rel);
  if (!full.startsWith(root + path.sep)) return null;
  const stat = await fs.promises.stat(full).catch(() => null);
  if (stat?.isFile()) return full;
  if (path.extname(rel) === '') {
    const index = path.join(root, 'index.html');
    if (await fs.promises.stat(index).catch(() => null)) return index;
  }
  return null;
}
