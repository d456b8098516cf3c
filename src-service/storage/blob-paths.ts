import crypto from 'node:crypto';
import path from 'node:path';
import { BadRequestError } from '../errors';

/** A path inside a folder blob that could leave the folder (or is not a plain relative path). */
export class InvalidBlobPathError extends BadRequestError {
  constructor(innerPath: string, reason: string) {
    super(`Invalid path inside a stored folder (${JSON.stringify(innerPath.slice(0, 200))}): ${reason}`);
  }
}

const KEY_RE = /^[0-9a-f]{32}$/;
const MAX_INNER_PATH = 1024;

/** Blob keys are generated ids (128 random bits, hex), never derived from user input. */
export function newBlobKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

export function isBlobKey(key: string): boolean {
  return KEY_RE.test(key);
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new TypeError(`Invalid blob key: ${JSON.stringify(String(key).slice(0, 80))}`);
}

/** `<root>/<first 2 hex>/<32 hex>`: a fan-out so no directory holds millions of entries. */
export function blobPathOf(root: string, key: string): string {
  assertBlobKey(key);
  return path.join(root, key.slice(0, 2), key);
}

/**
 * Refuses an `innerPath` (a file inside a folder blob, already percent-decoded by the
 * caller) that is not a plain relative path of named segments. Returns the reason, or null.
 */
export function innerPathProblem(innerPath: string): string | null {
  if (innerPath.length === 0) return 'empty path';
  if (innerPath.length > MAX_INNER_PATH) return 'path too long';
  const basic = plainPathProblem(innerPath);
  if (basic) return basic;
  // Callers decode once; an encoded separator or dot-segment that survives is an attempt
  // to get through a second decoding somewhere else, so it is refused too.
  const revealed = decodeRepeatedly(innerPath);
  if (revealed !== innerPath && plainPathProblem(revealed)) return 'percent-encoded traversal';
  return null;
}

function plainPathProblem(p: string): string | null {
  if (p.includes('\0')) return 'NUL character';
  if (p.includes('\\')) return 'backslash';
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return 'absolute path';
  for (const segment of p.split('/')) {
    if (segment === '..') return 'parent-directory segment (..)';
    if (segment === '.' || segment === '') return 'empty or "." segment';
  }
  return null;
}

function decodeRepeatedly(s: string): string {
  let current = s;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current; // a literal `%` that is not an escape: nothing more to reveal
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** Resolves a validated innerPath inside `dir`; throws InvalidBlobPathError otherwise. */
export function resolveInner(dir: string, innerPath: string): string {
  const problem = innerPathProblem(innerPath);
  if (problem) throw new InvalidBlobPathError(innerPath, problem);
  const full = path.resolve(dir, ...innerPath.split('/'));
  if (!full.startsWith(path.resolve(dir) + path.sep)) throw new InvalidBlobPathError(innerPath, 'escapes the folder');
  return full;
}
