import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processesMentioning, type LiveProcess } from './processes';

/**
 * The suite's own temp root (docs/contributing.md, "Tests clean up"): every test process, and
 * every service and sandbox they start, inherits TMPDIR pointing here, so what the run leaves
 * is told apart from what other work on the machine makes in the system temp dir.
 */
export interface SuiteRoot {
  root: string;
  /** Ends the run: kills what is left, removes the root; throws naming what tests left. */
  check(): void;
}

/**
 * The ffmpeg facts cache every test service shares (in-process ones are given it, child processes
 * get it through FFDESK_FFMPEG_CACHE_FILE), in the shared temp dir so it outlives the run.
 */
export function sharedFfmpegCacheFile(): string {
  return process.env.FFDESK_FFMPEG_CACHE_FILE || path.join(process.env.FFDESK_TEST_SHARED_TMPDIR ?? os.tmpdir(), 'ffdesk-test-ffmpeg-builds.json');
}

export function openSuiteRoot(runner: string): SuiteRoot {
  const shared = os.tmpdir();
  const root = fs.mkdtempSync(path.join(shared, `ffdesk-suite-${runner}-`));
  const saved = { TMPDIR: process.env.TMPDIR, shared: process.env.FFDESK_TEST_SHARED_TMPDIR, cache: process.env.FFDESK_FFMPEG_CACHE_FILE };
  process.env.FFDESK_TEST_SHARED_TMPDIR = shared; // the ffmpeg facts cache stays shared between runs
  // Services the tests start as child processes (the CLI, crash/restart, workers) read that cache
  // too: with a fresh data dir each, every start ran the -version probes, the capability listings
  // and six hardware-encoder trials again (~15 ffmpeg starts at ~0.1 CPU s each; docs/contributing.md,
  // "Where a run's CPU goes"). A test about the data dir's own cache sets it empty.
  process.env.FFDESK_FFMPEG_CACHE_FILE ??= sharedFfmpegCacheFile();
  process.env.TMPDIR = root;
  return {
    root,
    check() {
      restore('TMPDIR', saved.TMPDIR);
      restore('FFDESK_TEST_SHARED_TMPDIR', saved.shared);
      restore('FFDESK_FFMPEG_CACHE_FILE', saved.cache);
      const folders = fs.readdirSync(root).filter((n) => n.startsWith('ffdesk-'));
      const processes = stillThere(root);
      for (const p of processes) signal(p.pid);
      // What each folder held says which part of the service wrote it (a file written after the
      // test removed its data dir brings the folders above it back).
      const contents = folders.map((f) => `  folder ${f}${describeFolder(path.join(root, f))}`);
      fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
      if (folders.length === 0 && processes.length === 0) return;
      throw new Error(
        `The ${runner} run left ${folders.length} temp folder(s) and ${processes.length} process(es) behind (now removed):\n` +
          [...contents, ...processes.map((p) => `  process ${p.pid}: ${p.cmdline.slice(0, 3000)}`)].join('\n'),
      );
    },
  };
}

/**
 * What is still there once the test processes are gone. A sandbox whose test process just ended
 * is normally being taken down by the kernel (bwrap's --die-with-parent sends it SIGKILL when its
 * parent exits, once armed: bwrap arms it only after setting the sandbox up, docs/sandbox.md):
 * that is the sandbox ending, not one left behind, so processes get up to 5 s to go before they
 * are reported; one that outlives that (e.g. killed mid set-up) is a leak whatever started it.
 */
function stillThere(root: string): LiveProcess[] {
  const until = Date.now() + 5_000;
  let left = processesIn(root);
  while (left.length > 0 && Date.now() < until) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100); // a synchronous pause: check() is sync
    left = processesIn(root);
  }
  return left;
}

/** Processes that name the root (bwrap's monitor and init bind job folders under it) or work in it. */
function processesIn(root: string): LiveProcess[] {
  const byCmdline = processesMentioning(root);
  const seen = new Set(byCmdline.map((p) => p.pid));
  const byCwd: LiveProcess[] = [];
  if (process.platform === 'linux') {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || seen.has(Number(entry)) || Number(entry) === process.pid) continue;
      try {
        if (fs.readlinkSync(`/proc/${entry}/cwd`).startsWith(root))
          byCwd.push({ pid: Number(entry), cmdline: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
      } catch {
        continue; // ended meanwhile, or not ours to read
      }
    }
  }
  return [...byCmdline, ...byCwd];
}

/** Up to 20 paths under a left folder, each with its age at the check, for the report. */
function describeFolder(dir: string): string {
  try {
    const now = Date.now();
    const entries = (fs.readdirSync(dir, { recursive: true }) as string[]).slice(0, 20).map((rel) => {
      const st = fs.statSync(path.join(dir, rel), { throwIfNoEntry: false });
      return `    ${rel}${st?.isDirectory() ? '/' : ''}${st ? ` (${Math.round((now - st.mtimeMs) / 1000)} s old)` : ''}`;
    });
    return entries.length ? `, holding:\n${entries.join('\n')}` : ' (empty)';
  } catch {
    return '';
  }
}

function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // ended meanwhile
  }
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
