import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness';
import { listedFds, writeStandinFfmpeg } from './standin-ffmpeg';
import { fdListingThrough, startServiceWithExtraFd, type FdService } from './inherited-fd-service';

/**
 * Descriptor leaks (docs/sandbox.md, "Clean process start"): the service is started the way a
 * careless parent would, with an extra open descriptor (fd 3, a pipe the test holds), and a
 * stand-in ffmpeg lists its own descriptors into its output. fd 3 must not reach it. Sandbox
 * off, so the service's own start-up is what is proven (bubblewrap is not relied on); the
 * escape catalogue runs the same check with the sandbox on.
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

  it('when the service was started with an extra open descriptor, then the ffmpeg it runs does not have it', async () => {
    const { status, error, listing } = await fdListingThrough(svc, key);
    expect(status, error).toBe('SUCCESS');
    const fds = listedFds(listing);
    expect(fds, listing).toContain('0'); // control: it did list
    expect(fds, listing).not.toContain('3');
  });

  it('when the stand-in itself is started with an extra descriptor, then its listing shows fd 3 (control: a leak would be seen)', async () => {
    const out = path.join(dir, 'control', 'standin-fds.txt');
    fs.mkdirSync(path.dirname(out));
    const p = spawn(path.join(dir, 'standin-ffmpeg'), [out], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    await new Promise((r) => p.once('exit', r));
    expect(listedFds(fs.readFileSync(out, 'utf8'))).toContain('3');
  });
});
