import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness';
import { listedFds, writeStandinFfmpeg } from './standin-ffmpeg';
import { fdListingThrough, HELD_FD, descriptorsOn, heldLeak, startServiceWithExtraFd, stdioWithHeld, type FdService } from './inherited-fd-service';

/**
 * Descriptor leaks (docs/sandbox.md, "Clean process start"): the service is started the way a
 * careless parent would, with an extra open descriptor (HELD_FD, a file), and a stand-in ffmpeg
 * lists its own descriptors into its output. The descriptor must not reach it. Sandbox off, so
 * the service's own start-up and spawning are what is proven (bubblewrap is not relied on); the
 * escape catalogue runs the same check with the sandbox on, and src-main/service-host.test.ts
 * with a descriptor the process must keep.
 */
const linux = process.platform === 'linux';

describe.skipIf(!linux)(`inherited descriptors${linux ? '' : ' (skipped: reads /proc, Linux only)'}`, () => {
  let dir: string;
  let svc: FdService;
  const key = `ffd_${crypto.randomBytes(16).toString('hex')}`;

  beforeAll(async () => {
    dir = tempDir('ffdesk-fds-');
    const standin = writeStandinFfmpeg(dir, dir);
    svc = await startServiceWithExtraFd({ dataDir: path.join(dir, 'data'), key, ffmpegPath: standin, sandbox: 'off' });
  }, 60_000);

  afterAll(async () => {
    await svc?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the service was started with an extra open descriptor, then it has closed it and the ffmpeg it runs does not have it', async () => {
    expect(descriptorsOn(svc.pid, svc.heldPath)).toEqual([]); // closed at start (cli/inherited-fds.ts)
    const { status, error, listing } = await fdListingThrough(svc, key);
    expect(status, error).toBe('SUCCESS');
    expect(listedFds(listing), listing).toContain('0'); // control: it did list
    expect(heldLeak(listing, svc.heldPath), listing).toBeNull();
  });

  it('when the stand-in itself is started with the extra descriptor, then its listing shows it (control: a leak would be seen)', async () => {
    const out = path.join(dir, 'control', 'standin-fds.txt');
    fs.mkdirSync(path.dirname(out));
    const held = fs.openSync(svc.heldPath, 'r');
    const p = spawn(path.join(dir, 'standin-ffmpeg'), [out], { stdio: stdioWithHeld(['ignore', 'ignore', 'ignore'], held) });
    fs.closeSync(held);
    await new Promise((r) => p.once('exit', r));
    expect(heldLeak(fs.readFileSync(out, 'utf8'), svc.heldPath)).toBe(`fd ${HELD_FD} -> ${svc.heldPath}`);
  });
});
