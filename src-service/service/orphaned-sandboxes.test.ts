import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killOrphanedSandboxes } from './recovery';

// A stand-in orphan: /bin/sh started under the name "bwrap", its command line binding a folder
// under the jobs folder, as an orphaned sandbox's does (docs/sandbox.md).
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-orphans-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const gone = (pid: number) => !fs.existsSync(`/proc/${pid}`) || fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] === 'Z';

describe.skipIf(process.platform !== 'linux')('sandboxes orphaned by a kill -9 (Linux: /proc)', () => {
  it('when the service starts, then a bwrap binding a folder under its jobs folder is killed, and one binding elsewhere is not', async () => {
    const fake = path.join(base, 'bwrap');
    fs.symlinkSync('/bin/sh', fake);
    const jobsDir = path.join(base, 'data', 'jobs');
    const start = (bound: string) => spawn(fake, ['-c', 'sleep 60', '--bind', bound], { stdio: 'ignore' });
    const ours = start(path.join(jobsDir, 'c0ffee'));
    const theirs = start(path.join(base, 'other', 'jobs', 'c0ffee'));
    try {
      // 'spawn' comes once exec succeeded: /proc shows the new command line from then on.
      await Promise.all([ours, theirs].map((c) => new Promise((r) => c.once('spawn', r))));
      expect(killOrphanedSandboxes(jobsDir, () => undefined)).toBe(1);
      await new Promise<void>((resolve) => (ours.exitCode !== null || ours.signalCode !== null ? resolve() : ours.once('exit', () => resolve())));
      expect(gone(ours.pid!)).toBe(true);
      expect(gone(theirs.pid!)).toBe(false);
    } finally {
      ours.kill('SIGKILL');
      theirs.kill('SIGKILL');
    }
  });
});
