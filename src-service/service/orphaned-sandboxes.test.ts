import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killOrphanedSandboxes } from './recovery';
import { startTestService } from '../testing/harness';

// A stand-in orphan: an idle node process started under the name "bwrap" (argv0), its command
// line binding a folder under the jobs folder, as an orphaned sandbox's does (docs/sandbox.md).
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

describe.skipIf(process.platform !== 'linux')('sandboxes orphaned by a kill -9 (Linux: /proc)', () => {
  it('when the service starts, then a bwrap binding a folder under its jobs folder is killed, and one binding elsewhere is not', async () => {
    const jobsDir = path.join(base, 'data', 'jobs');
    fs.mkdirSync(path.join(jobsDir, 'c0ffee'), { recursive: true });
    const ours = await fakeSandbox(path.join(jobsDir, 'c0ffee'));
    const theirs = await fakeSandbox(path.join(base, 'other', 'jobs', 'c0ffee'));
    try {
      expect(killOrphanedSandboxes([jobsDir], () => undefined)).toBe(1);
      await exited(ours);
      expect(gone(ours.pid!)).toBe(true);
      expect(gone(theirs.pid!)).toBe(false);
    } finally {
      ours.kill('SIGKILL');
      theirs.kill('SIGKILL');
    }
  });

  it('when the service starts, then a bwrap binding a staged upload (an upload probe cut off by the kill) is killed too', async () => {
    const jobsDir = path.join(base, 'up', 'jobs');
    const uploadsDir = path.join(base, 'up', 'uploads');
    fs.mkdirSync(uploadsDir, { recursive: true });
    const staged = path.join(uploadsDir, 'c0ffee.upload.store');
    fs.writeFileSync(staged, '');
    const ours = await fakeSandbox(staged);
    try {
      expect(killOrphanedSandboxes([jobsDir, uploadsDir], () => undefined)).toBe(1);
      await exited(ours);
      expect(gone(ours.pid!)).toBe(true);
    } finally {
      ours.kill('SIGKILL');
    }
  });

  it('when the jobs folder is empty or missing, then /proc is not scanned (nothing of a previous run can be bound there)', async () => {
    const jobsDir = path.join(base, 'empty', 'jobs');
    const ours = await fakeSandbox(path.join(jobsDir, 'c0ffee'));
    try {
      expect(killOrphanedSandboxes([jobsDir], () => undefined)).toBe(0);
      fs.mkdirSync(jobsDir, { recursive: true });
      expect(killOrphanedSandboxes([jobsDir], () => undefined)).toBe(0);
      expect(gone(ours.pid!)).toBe(false);
    } finally {
      ours.kill('SIGKILL');
    }
  });

  it('when a service starts on a data dir with an orphan in its jobs folder, then start-up recovery kills it', async () => {
    const dataDir = path.join(base, 'restart');
    fs.mkdirSync(path.join(dataDir, 'jobs', 'c0ffee'), { recursive: true });
    const orphan = await fakeSandbox(path.join(dataDir, 'jobs', 'c0ffee'));
    try {
      const svc = await startTestService({ dataDir });
      await svc.stop();
      await exited(orphan);
      expect(gone(orphan.pid!)).toBe(true);
    } finally {
      orphan.kill('SIGKILL');
    }
  });
});
