import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness';

/**
 * Descriptor leaks (docs/sandbox.md, "Clean process start"): the service is started the way a
 * careless parent would, with an extra open descriptor (fd 3, a socket the test holds), and a
 * stand-in ffmpeg lists its own descriptors into its output. fd 3 must not reach it. Sandbox
 * off, so the service's own start-up is what is proven (bubblewrap is not relied on).
 */
const root = path.resolve(__dirname, '../../..');
const linux = process.platform === 'linux';

describe.skipIf(!linux)(`inherited descriptors${linux ? '' : ' (skipped: reads /proc, Linux only)'}`, () => {
  let dir: string;
  let child: ChildProcess;
  let url: string;
  const key = `ffd_${crypto.randomBytes(16).toString('hex')}`;

  beforeAll(async () => {
    dir = tempDir('ffdesk-fds-');
    const real = fs.existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : 'ffmpeg';
    const standin = path.join(dir, 'ffmpeg');
    fs.writeFileSync(
      standin,
      `#!/bin/sh\nfor last; do :; done\ncase "\${last##*/}" in\n  fds.txt|control-fds.txt) ls -l /proc/$$/fd/ > "$last"; exit 0 ;;\nesac\nexec ${real} "$@"\n`,
      { mode: 0o755 },
    );
    // One node process (tsx as a loader), so fd 3 is handed to the service itself, not to a launcher.
    child = spawn(process.execPath, ['--import', 'tsx', 'src-service/cli/main.ts', 'serve'], {
      cwd: root,
      env: {
        ...process.env,
        FFDESK_HOST: '127.0.0.1',
        FFDESK_PORT: '0',
        FFDESK_QUIET: '1',
        FFDESK_DATA_DIR: path.join(dir, 'data'),
        FFDESK_API_KEY: key,
        FFDESK_SANDBOX: 'off',
        FFDESK_FFMPEG_PATH: standin,
      },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    let out = '';
    url = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /FFDesk listening on (\S+)/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      child.once('exit', (code) => reject(new Error(`service exited ${code}:\n${out}`)));
    });
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the service was started with an extra open descriptor, then the ffmpeg it runs does not have it', async () => {
    const headers = { 'content-type': 'application/json', 'x-api-key': key };
    const body = { output_files: { out_1: 'fds.txt' }, vcpu_count: 1, ffmpeg_command: '-f lavfi -i testsrc=duration=1 -f null {{out_1}}' };
    const res = await fetch(`${url}/v1/run-ffmpeg-command`, { method: 'POST', headers, body: JSON.stringify(body) });
    const { command_id } = (await res.json()) as { command_id: string };
    let record: { status: string; error_message?: string; output_files?: { out_1: { storage_url: string } } };
    do {
      record = (await (await fetch(`${url}/v1/commands/${command_id}`, { headers })).json()) as typeof record;
    } while (record.status === 'QUEUED' || record.status === 'PROCESSING');
    expect(record.status, record.error_message).toBe('SUCCESS');
    const listing = await (await fetch(record.output_files!.out_1.storage_url)).text();
    // `ls -l` of the shell's own descriptors (ls runs in a child: the shell's list is untouched): `... 3 -> socket:[123]`.
    const fds = [...listing.matchAll(/ (\d+) -> /gm)].map((m) => m[1]);
    expect(fds, listing).toContain('0'); // control: it did list
    expect(fds, listing).not.toContain('3');
  });

  it('when the stand-in itself is started with an extra descriptor, then its listing shows fd 3 (control: a leak would be seen)', async () => {
    const out = path.join(dir, 'control-fds.txt');
    const p = spawn(path.join(dir, 'ffmpeg'), [out], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    await new Promise((r) => p.once('exit', r));
    expect([...fs.readFileSync(out, 'utf8').matchAll(/ (\d+) -> /gm)].map((m) => m[1])).toContain('3');
  });
});
