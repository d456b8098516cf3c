import fs from 'node:fs';
import os from 'node:os';

/** "0,2-3" → [0, 2, 3]: the list syntax of taskset and Linux's `Cpus_allowed_list`; null when malformed. */
export function parseCoreList(text: string): number[] | null {
  const cores = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^(\d{1,4})(?:-(\d{1,4}))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return null;
    for (let c = from; c <= to; c++) cores.add(c);
  }
  return [...cores].sort((a, b) => a - b);
}

/**
 * The cores this process may run on: on Linux its affinity (`taskset -c 1 ffdesk worker` keeps
 * the worker's ffmpeg runs on core 1), elsewhere all of them.
 */
export function allowedCores(): number[] {
  try {
    const line = /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    const cores = line ? parseCoreList(line[1] as string) : null;
    if (cores && cores.length > 0) return cores;
  } catch {
    // not Linux: no affinity to read
  }
  return Array.from({ length: Math.max(1, os.availableParallelism()) }, (_, i) => i);
}
