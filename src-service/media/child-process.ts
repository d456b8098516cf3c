/**
 * The one place the service starts a process (an ESLint rule forbids node:child_process
 * elsewhere in src-service). Every child — each ffmpeg and ffprobe run, confined or not, the
 * start-up probes and listings, bubblewrap's own check, the file manager of "show in folder" —
 * is spawned here with /dev/null over every descriptor the service inherited without
 * close-on-exec (media/inherited-descriptors.ts; docs/sandbox.md, "Clean process start"), so
 * none of them sees what the service's parent left open, even where the service must keep it
 * (Chromium's IPC under Electron's utilityProcess).
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import { childStdio, type StdioEntry } from './inherited-descriptors';

export type { ChildProcess } from 'node:child_process';

function asArray(stdio: SpawnOptions['stdio']): StdioEntry[] {
  if (stdio === undefined) return ['pipe', 'pipe', 'pipe'];
  if (typeof stdio === 'string') return [stdio, stdio, stdio];
  return [...stdio];
}

/** `spawn` with the inherited descriptors masked; never a shell (conventions rule 5). */
export function spawnChild(bin: string, argv: readonly string[], opts: SpawnOptions): ChildProcess {
  return spawn(bin, argv, { ...opts, shell: false, stdio: childStdio(asArray(opts.stdio)) });
}

/** `spawnSync` (text output) with the inherited descriptors masked; never a shell. */
export function spawnChildSync(bin: string, argv: readonly string[], opts: SpawnSyncOptionsWithStringEncoding): SpawnSyncReturns<string> {
  return spawnSync(bin, argv, { ...opts, shell: false, stdio: childStdio(asArray(opts.stdio)) });
}
