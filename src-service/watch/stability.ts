import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until a file's size and mtime have not changed for `stableMs`, so a file still being
 * copied in is never read half-written. Null when it disappears meanwhile (moved away, deleted).
 */
export async function waitUntilStable(file: string, stableMs: number, signal: AbortSignal): Promise<{ size: number; mtimeMs: number } | null> {
  const step = Math.max(50, Math.min(500, stableMs / 4));
  let last = await statOf(file);
  let since = Date.now();
  for (;;) {
    if (!last) return null;
    if (Date.now() - since >= stableMs) return last;
    await sleep(step, undefined, { signal });
    const now = await statOf(file);
    if (!now || now.size !== last.size || now.mtimeMs !== last.mtimeMs) {
      last = now;
      since = Date.now();
    }
  }
}

async function statOf(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  const st = await fs.stat(file).catch(() => null);
  return st?.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : null;
}
