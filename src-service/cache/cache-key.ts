import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';

/** What makes two runs the same: the split command, the outputs asked, every input file's name and bytes, and the ffmpeg build. */
export interface CacheKeyParts {
  steps: string[][];
  outputs: Record<string, string> | 'OUTPUT_FOLDER';
  /** [path relative to the job folder, sha256], sorted by path. */
  files: [string, string][];
  ffmpeg: string;
}

/** Version 1 of the key; bump it when what goes in changes, so old entries simply stop matching. */
export function cacheKey(parts: CacheKeyParts): string {
  const outputs = parts.outputs === 'OUTPUT_FOLDER' ? parts.outputs : Object.entries(parts.outputs).sort(([a], [b]) => a.localeCompare(b));
  const normal = JSON.stringify({ v: 1, steps: parts.steps, outputs, files: [...parts.files].sort(([a], [b]) => a.localeCompare(b)), ffmpeg: parts.ffmpeg });
  return crypto.createHash('sha256').update(normal).digest('hex');
}

/** SHA-256 of a file, streamed in 1 MiB reads. */
export async function hashFile(file: string, signal?: AbortSignal): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024, signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
