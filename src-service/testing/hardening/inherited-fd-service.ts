import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listedTargets } from './standin-ffmpeg';
import { CLI_PROGRAM, cliArgs } from '../cli-bundle';

const root = path.resolve(__dirname, '../../..');

/**
 * The number the extra descriptor gets. Not 3: Node marks 0-15 (and any unbroken run after
 * them) close-on-exec itself at start, so a descriptor there would never leak whatever the
 * service did; at 40 it stays inheritable, as a careless parent's pipe or Chromium's IPC would.
 */
export const HELD_FD = 40;

/** `stdio` for a spawn that hands `held` to the child at HELD_FD (libuv dup2s it there, without close-on-exec). */
export function stdioWithHeld(
  base: ReadonlyArray<'pipe' | 'ignore' | 'inherit' | 'ipc'>,
  held: 'pipe' | number,
): Array<'pipe' | 'ignore' | 'inherit' | 'ipc' | number> {
  const stdio: Array<'pipe' | 'ignore' | 'inherit' | 'ipc' | number> = [...base];
  while (stdio.length < HELD_FD) stdio.push('ignore');
  stdio.push(held);
  return stdio;
}

/** What HELD_FD of a process points at (`/proc/<pid>/fd/40`), or null when it is not open. */
export function heldTarget(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/fd/${HELD_FD}`);
  } catch {
    return null;
  }
}

/** The descriptors of a process that point at `target` (read from /proc/<pid>/fd). */
export function descriptorsOn(pid: number, target: string): number[] {
  return fs.readdirSync(`/proc/${pid}/fd`).flatMap((name) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${name}`) === target ? [Number(name)] : [];
    } catch {
      return []; // closed meanwhile
    }
  });
}

/**
 * Why a stand-in's descriptor listing shows a leak of the held descriptor, or null when it
 * does not: HELD_FD is absent or /dev/null (media/child-process.ts masks it so), and no
 * descriptor points at `target`.
 */
export function heldLeak(listing: string, target: string): string | null {
  const fds = listedTargets(listing);
  const at = fds.get(String(HELD_FD));
  if (at !== undefined && at !== '/dev/null') return `fd ${HELD_FD} -> ${at}`;
  const other = [...fds].find(([, t]) => t === target);
  return other ? `fd ${other[0]} -> ${target}` : null;
}

export interface FdService {
  url: string;
  pid: number;
  /** The file the extra descriptor opens (what a leak would point at). */
  heldPath: string;
  stop(): Promise<void>;
}

/**
 * `ffdesk serve` started the way a careless parent would: with an extra open descriptor
 * (HELD_FD, a file beside the data dir). One node process (the CLI bundle, testing/cli-bundle.ts), so the
 * descriptor is handed to the service itself, not to a launcher (docs/sandbox.md, "Clean
 * process start").
 */
export async function startServiceWithExtraFd(opts: { dataDir: string; key: string; ffmpegPath: string; sandbox: 'off' | 'require' }): Promise<FdService> {
  const heldPath = path.join(path.dirname(opts.dataDir), 'held-by-the-parent.txt');
  fs.writeFileSync(heldPath, 'what the parent left open');
  const held = fs.openSync(heldPath, 'r');
  let child: ChildProcess;
  try {
    child = spawn(CLI_PROGRAM, cliArgs(['serve']), {
      cwd: root,
      env: {
        ...process.env,
        FFDESK_HOST: '127.0.0.1',
        FFDESK_PORT: '0',
        FFDESK_QUIET: '1',
        FFDESK_DATA_DIR: opts.dataDir,
        FFDESK_API_KEY: opts.key,
        FFDESK_SANDBOX: opts.sandbox,
        FFDESK_FFMPEG_PATH: opts.ffmpegPath,
      },
      stdio: stdioWithHeld(['pipe', 'pipe', 'pipe'], held),
    });
  } finally {
    fs.closeSync(held); // the service has its own copy
  }
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /FFDesk listening on (\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`service exited ${code}:\n${out}`)));
  });
  return {
    url,
    pid: child.pid as number,
    heldPath,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs the stand-in's `standin-fds.txt` action through the service's API and returns its listing. */
export async function fdListingThrough(svc: { url: string }, key: string): Promise<{ status: string; error?: string; listing: string }> {
  const headers = { 'content-type': 'application/json', 'x-api-key': key };
  const body = { output_files: { out_1: 'standin-fds.txt' }, vcpu_count: 1, ffmpeg_command: '-f lavfi -i testsrc=duration=1 -f null {{out_1}}' };
  const res = await fetch(`${svc.url}/v1/run-ffmpeg-command`, { method: 'POST', headers, body: JSON.stringify(body) });
  const { command_id } = (await res.json()) as { command_id: string };
  let record: { status: string; error_message?: string; output_files?: { out_1: { storage_url: string } } };
  for (;;) {
    record = (await (await fetch(`${svc.url}/v1/commands/${command_id}`, { headers })).json()) as typeof record;
    if (record.status !== 'QUEUED' && record.status !== 'PROCESSING') break;
    await new Promise((r) => setTimeout(r, 50)); // a poll interval, not an assertion
  }
  const listing = record.status === 'SUCCESS' ? await (await fetch(record.output_files!.out_1.storage_url)).text() : '';
  return { status: record.status, error: record.error_message, listing };
}
