import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { isApiPath } from '../middleware/api-path';
import { NotFoundError } from '../../errors';

/**
 * Web mode: serves the built renderer at `/` from `rootDir` (where `npm run build:renderer` writes it,
 * whether or not it is there yet). The page holds no secret: it asks for the
 * key (or reads it from the URL fragment that `npm start` prints, which never reaches the
 * server), so reaching the port is not enough to use the API.
 */
export function webUi(rootDir: string | undefined) {
  const root = rootDir ? path.resolve(rootDir) : undefined;
  return async function serveWebUi(ctx: Context, next: Next): Promise<void> {
    // A fresh clone serves the API before anyone built the UI: say so at / instead of a bare 404. Looked at
    // each time, so the UI built while the service runs is served at once, as the message promises.
    if (ctx.method === 'GET' && ctx.path === '/' && !(root && (await isFile(path.join(root, 'index.html'))))) throw new NotFoundError(UI_NOT_BUILT);
    if (!root || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    const rel = safeRelative(ctx.path);
    if (rel === null) return next();
    const file = await pickFile(root, rel);
    if (!file) return next();
    ctx.type = WEB_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    ctx.set('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; worker-src 'self' blob:",
    );
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = fs.createReadStream(file);
  };
}

export const UI_NOT_BUILT = 'The web UI is not built here: run `npm run build:renderer` (or `npm start`), then open this address again. The API is at /v1.';

/**
 * The app's own asset types. Kept apart from the storage MIME map on purpose: stored user
 * files are never served as html/js, while the app shell must be.
 */
const WEB_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

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
  if (await isFile(full)) return full;
  if (path.extname(rel) === '') {
    const index = path.join(root, 'index.html');
    if (await isFile(index)) return index;
  }
  return null;
}

const isFile = async (file: string) => (await fs.promises.stat(file).catch(() => null))?.isFile() === true;
