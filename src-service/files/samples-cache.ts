import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A folder of samples already made (config `samplesCacheDir`): each is kept under a hash of what
 * made it (the ffmpeg binary, its size and mtime, the arguments), so a service given the same
 * folder copies it instead of encoding it again. The test suites give one folder per run.
 */
export async function madeOrCached(cacheDir: string | undefined, recipe: unknown, out: string, make: () => Promise<boolean>): Promise<boolean> {
  if (!cacheDir) return make();
  const kept = path.join(cacheDir, `${hashOf(recipe)}${path.extname(out)}`);
  try {
    await fs.copyFile(kept, out);
    return true;
  } catch {
    // not made yet (or the folder is gone): make it, then keep a copy
  }
  if (!(await make())) return false;
  const tmp = `${kept}.${process.pid}.${crypto.randomUUID()}.tmp`;
  try {
    await fs.mkdir(cacheDir, { recursive: true });
    await fs.copyFile(out, tmp);
    await fs.rename(tmp, kept); // whole or absent, even with several services making it at once
  } catch {
    await fs.rm(tmp, { force: true }); // best effort: the next start makes it again
  }
  return true;
}

/** The recipe's key: the binary (path, size, mtime) and the arguments. */
export async function binaryRecipe(binPath: string, argv: string[]): Promise<unknown> {
  const stat = await fs.stat(binPath).catch(() => null);
  return { binPath, size: stat?.size ?? null, mtimeMs: stat?.mtimeMs ?? null, argv };
}

function hashOf(value: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}
