import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killOrphanedSandboxes } from './recovery';
import { startTestService } from '../testing/harness';

// A stand-in orphan: an idle node process started under the name "bwrap" (argv0), its command
// line binding something under a data dir, as an orphaned sandbox's does (docs/sandbox.md).
// One process, nothing forked: a SIGKILL leaves nothing behind, whatever /bin/sh is.
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-orphans-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const gone = (pid: number) => !fs.existsSync(`/proc/${pid}`) || fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] === 'Z';

/** A fake sandbox binding `bound`, once /proc shows its command line ('spawn' comes after exec). */
async function fakeSandbox(bound: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)', '--', '--bind', bound], { argv0: 'bwrap', stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  return child;
}

const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

/** The pid of a process that has ended: what a kill -9 leaves in the run mark. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await exited(child);
  return child.pid!;
}

/** A data dir as a service killed by kill -9 leaves it: its run mark names a process that is gone. */
async function killedDataDir(name: string): Promise<string> {
  const dataDir = path.join(base, name);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'service.pid'), `${await deadPid()}\n`);
  return dataDir;
}

describe.skipIf(process.platform !== 'linux')('sandboxes orphaned by a kill -9 (Linux: /proc)', () => {
  it('when the previous run left its run mark, then a bwrap binding a folder under the jobs folder is killed, and one binding elsewhere is not', async () => {
    const dataDir = await killedDataDir('jobs-case');
    const ours = await fakeSandbox(path.join(dataDir, 'jobs', 'c0ffee'));
    const theirs = await fakeSandbox(path.join(base, 'other', 'jobs', 'c0ffee'));
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined)).toBe(1);
      await exited(ours);
      expect(gone(ours.pid!)).toBe(true);
      expect(gone(theirs.pid!)).toBe(false);
    } finally {
      ours.kill('SIGKILL');
      theirs.kill('SIGKILL');
    }
  });

  it("when the previous run left its run mark, then a stored file's fact sandbox (keyframes, timeline, proxy) and a URL download's probe are killed too", async () => {
    const dataDir = await killedDataDir('facts-case');
    const facts = await fakeSandbox(path.join(dataDir, 'blobs', 'ab', 'abcdef'));
    const fetched = await fakeSandbox(path.join(dataDir, 'staging', 'c0ffee', 'input.mp4'));
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined)).toBe(2);
      await Promise.all([exited(facts), exited(fetched)]);
      expect(gone(facts.pid!)).toBe(true);
      expect(gone(fetched.pid!)).toBe(true);
    } finally {
      facts.kill('SIGKILL');
      fetched.kill('SIGKILL');
    }
  });

  it('when a data dir without a run mark has a staged upload left (a kill -9 by an older version), then a bwrap binding it is killed', async () => {
    const dataDir = path.join(base, 'up');
    const uploadsDir = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploadsDir, { recursive: true });
    const staged = path.join(uploadsDir, 'c0ffee.upload.store');
    fs.writeFileSync(staged, '');
    const ours = await fakeSandbox(staged);
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined)).toBe(1);
      await exited(ours);
      expect(gone(ours.pid!)).toBe(true);
    } finally {
      ours.kill('SIGKILL');
    }
  });

  it("when the previous run stopped cleanly (no run mark, nothing left in its folders), then /proc is not scanned, and this run's mark is written", async () => {
    const dataDir = path.join(base, 'clean');
    fs.mkdirSync(path.join(dataDir, 'jobs'), { recursive: true });
    const ours = await fakeSandbox(path.join(dataDir, 'blobs', 'ab', 'abcdef'));
    try {
      expect(killOrphanedSandboxes(dataDir, () => undefined)).toBe(0);
      expect(gone(ours.pid!)).toBe(false);
      expect(fs.readFileSync(path.join(dataDir, 'service.pid'), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      ours.kill('SIGKILL');
    }
  });

  it("when the run mark names a live process that has the data dir's database open (a second service on it), then its sandboxes are left alone and a warning is logged", async () => {
    const dataDir = path.join(base, 'shared');
    fs.mkdirSync(dataDir, { recursive: true });
    const db = path.join(dataDir, 'ffdesk.db');
    fs.writeFileSync(db, '');
    const other = spawn(process.execPath, ['-e', `require('fs').openSync(${JSON.stringify(db)}, 'r'); console.log('open'); setInterval(() => {}, 1e6)`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise((r) => other.stdout.once('data', r));
    fs.writeFileSync(path.join(dataDir, 'service.pid'), `${other.pid}\n`);
    const theirs = await fakeSandbox(path.join(dataDir, 'jobs', 'c0ffee'));
    const lines: string[] = [];
    try {
      expect(killOrphanedSandboxes(dataDir, (m) => lines.push(m))).toBe(0);
      expect(gone(theirs.pid!)).toBe(false);
      expect(lines.join('\n')).toMatch(new RegExp(`another FFDesk service \\(pid ${other.pid}\\)`));
    } finally {
      theirs.kill('SIGKILL');
      other.kill('SIGKILL');
      await exited(other);
    }
  });

  it('when a service starts on a data dir a kill -9 left with an orphan, then start-up recovery kills it, and a clean stop removes the run mark', async () => {
    const dataDir = await killedDataDir('restart');
    const orphan = await fakeSandbox(path.join(dataDir, 'blobs', 'ab', 'abcdef'));
    try {
      const svc = await startTestService({ dataDir });
      expect(fs.readFileSync(path.join(dataDir, 'service.pid'), 'utf8').trim()).toBe(String(process.pid));
      await exited(orphan);
      expect(gone(orphan.pid!)).toBe(true);
      await svc.service.stop();
      expect(fs.existsSync(path.join(dataDir, 'service.pid'))).toBe(false);
      await svc.service.settled();
      fs.rmSync(dataDir, { recursive: true, force: true });
    } finally {
      orphan.kill('SIGKILL');
    }
  });
});
