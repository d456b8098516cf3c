import { accessSync, constants } from 'node:fs';

const TASKSET_CANDIDATES = ['/usr/bin/taskset', '/bin/taskset'];
let tasksetPath: string | null | undefined;

/** util-linux's taskset, when this is Linux and it is installed. Looked up once. */
export function findTaskset(): string | null {
  if (tasksetPath !== undefined) return tasksetPath;
  tasksetPath = null;
  if (process.platform === 'linux') {
    for (const candidate of TASKSET_CANDIDATES) {
      try {
        accessSync(candidate, constants.X_OK);
        tasksetPath = candidate;
        break;
      } catch {
        continue; // not at this location; try the next
      }
    }
  }
  return tasksetPath;
}

/**
 * Pins a process to the given cores (docs/choices.md: Requests, `vcpu_count`). `taskset -c list
 * bin ...` sets the affinity and then exec()s bin, so ffmpeg keeps taskset's pid and every
 * thread it creates inherits the mask: an x264 encode cannot spread beyond those cores.
 *
 * Without taskset (macOS and Windows have no per-process affinity Node can set, and
 * minimal Linux images may lack util-linux) the process runs unpinned: `vcpu_count` then
 * only limits how many commands the scheduler runs at once.
 */
export function withCpuAffinity(bin: string, argv: string[], cpus: number[] | undefined): { bin: string; argv: string[]; isPinned: boolean } {
  const taskset = cpus && cpus.length > 0 ? findTaskset() : null;
  if (!taskset || !cpus) return { bin, argv, isPinned: false };
  for (const cpu of cpus) {
    if (!Number.isInteger(cpu) || cpu < 0) throw new RangeError(`Invalid CPU index ${cpu}`);
  }
  // taskset stops reading options at the CPU list, so whatever follows is the command.
  return { bin: taskset, argv: ['-c', cpus.join(','), bin, ...argv], isPinned: true };
}
