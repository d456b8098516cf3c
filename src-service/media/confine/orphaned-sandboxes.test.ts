import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killOrphanedSandboxes } from './orphaned-sandboxes';
import { startTestService } from '../../testing/harness';

// Stand-in sandboxes: idle node processes started under the name "bwrap" (argv0), their command
// line binding something under a folder, as a sandbox's does (docs/sandbox.md). An orphan is
// started by a process that exits at once, so it is re-parented (to init or a subreaper), as a
// sandbox whose service was killed is; a live one stays this test process's child. One process
// each, nothing forked: a SIGKILL leaves nothing behind.
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-orphans-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const IDLE = ['-e', 'setInterval(() => {}, 1e6)', '--', '--bind'];
const gone = (pid: number) => !fs.existsSync(`/proc/${pid}`) || fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] === 'Z';
const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

/** A sandbox of a live process (this one) binding `bound`, once /proc shows its command line ('spawn' comes after exec). */
async function liveSandbox(bound: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...IDLE, bound], { argv0: 'bwrap', stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  return child;
}

/** An orphaned sandbox binding `bound`: its parent has exited. Returns its pid. */
async function orphanSandbox(bound: string): Promise<number> {
  const starter = `const c = require('child_process').spawn(process.execPath, ${JSON.stringify([...IDLE, bound])}, { argv0: 'bwrap', detached: true, stdio: 'ignore' }); c.once('spawn', () => { console.log(c.pid); c.unref(); });`;
  const parent = spawn(process.execPath, ['-e', starter], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  parent.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await exited(parent);
  const pid = Number(out.trim());
  expect(pid).toBeGreaterThan(0);
  return pid;
}

/** Waits for a killed process to be gone (reaped, or a zombie of its new parent). */
async function untilGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 200 && !gone(pid); i++) await new Promise((r) => setTimeout(r, 25));
  return gone(pid);
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The pid of a process that has ended: what a kill -9 leaves in the run mark. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await exited(child);
  return child.pid!;
}

/** A folder as a service or worker killed by kill -9 leaves it: its run mark names a process that is gone. */
async function killedDir(name: string): Promise<string> {
  const dir = path.join(base, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'service.pid'), `${await deadPid()}\n`);
  return dir;
}

describe.skipIf(process.platform !== 'linux')('sandboxes orphaned by a kill -9 (Linux: /proc)', () => {
  it("when the previous run left its run mark, then an orphaned bwrap binding a job folder is killed; a live process's sandbox there and an orphan elsewhere are not", async () => {
    const dataDir = await killedDir('jobs-case');
    const orphan = await orphanSandbox(path.join(dataDir, 'jobs', 'c0ffee'));
    const live = await liveSandbox(path.join(dataDir, 'jobs', 'beef'));
    const elsewhere = await orphanSandbox(path.join(base, 'other', 'jobs', 'c0ffee'));
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined)).toBe(1);
      expect(await untilGone(orphan)).toBe(true);
      expect(gone(live.pid!)).toBe(false);
      expect(gone(elsewhere)).toBe(false);
    } finally {
      kill(orphan);
      live.kill('SIGKILL');
      kill(elsewhere);
    }
  });

  it("when the previous run left its run mark, then a stored file's fact sandbox (keyframes, timeline, proxy) and a URL download's probe are killed too", async () => {
    const dataDir = await killedDir('facts-case');
    const facts = await orphanSandbox(path.join(dataDir, 'blobs', 'ab', 'abcdef'));
    const fetched = await orphanSandbox(path.join(dataDir, 'staging', 'c0ffee', 'input.mp4'));
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined)).toBe(2);
      expect(await untilGone(facts)).toBe(true);
      expect(await untilGone(fetched)).toBe(true);
    } finally {
      kill(facts);
      kill(fetched);
    }
  });

  it('when a scale-out worker restarts on its work dir after a kill -9, then the orphaned sandbox of the piece it was starting is killed', async () => {
    const workDir = await killedDir('worker');
    const piece = path.join(workDir, 'd42b21fe_p2');
    const orphan = await orphanSandbox(piece);
    try {
      expect(killOrphanedSandboxes(workDir, () => undefined)).toBe(1);
      expect(await untilGone(orphan)).toBe(true);
    } finally {
      kill(orphan);
    }
  });

  it('when a data dir without a run mark has a staged upload left (a kill -9 by an older version), then an orphaned bwrap binding it is killed', async () => {
    const dataDir = path.join(base, 'up');
    const uploadsDir = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploadsDir, { recursive: true });
    const staged = path.join(uploadsDir, 'c0ffee.upload.store');
    fs.writeFileSync(staged, '');
    const orphan = await orphanSandbox(staged);
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined, [path.join(dataDir, 'jobs'), uploadsDir])).toBe(1);
      expect(await untilGone(orphan)).toBe(true);
    } finally {
      kill(orphan);
    }
  });

  it("when the previous run stopped cleanly (no run mark, nothing left in its folders), then /proc is not scanned, and this run's mark is written", async () => {
    const dataDir = path.join(base, 'clean');
    fs.mkdirSync(path.join(dataDir, 'jobs'), { recursive: true });
    const orphan = await orphanSandbox(path.join(dataDir, 'blobs', 'ab', 'abcdef'));
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined, [path.join(dataDir, 'jobs')])).toBe(0);
      expect(gone(orphan)).toBe(false);
      expect(fs.readFileSync(path.join(dataDir, 'service.pid'), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      kill(orphan);
    }
  });

  it('when a service starts on a data dir a kill -9 left with an orphan, then start-up recovery kills it, and a clean stop removes the run mark', async () => {
    const dataDir = await killedDir('restart');
    const orphan = await orphanSandbox(path.join(dataDir, 'blobs', 'ab', 'abcdef'));
    try {
      const svc = await startTestService({ dataDir });
      expect(fs.readFileSync(path.join(dataDir, 'service.pid'), 'utf8').trim()).toBe(String(process.pid));
      expect(await untilGone(orphan)).toBe(true);
      await svc.service.stop();
      expect(fs.existsSync(path.join(dataDir, 'service.pid'))).toBe(false);
      await svc.service.settled();
      fs.rmSync(dataDir, { recursive: true, force: true });
    } finally {
      kill(orphan);
    }
  });
});
