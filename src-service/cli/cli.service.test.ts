import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import { makeTinyMedia, startMediaServer, type MediaServer, type TinyMedia } from '../testing/media';
import { CLI_PROGRAM, cliArgs } from '../testing/cli-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let svc: TestService;
let media: MediaServer;
let tiny: TinyMedia;

beforeAll(async () => {
  tiny = makeTinyMedia(tempDir('ffdesk-cli-media-'));
  media = await startMediaServer(tiny.dir);
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as a real child process (what a script runs), against the test service. */
function cli(args: string[], env: Record<string, string> = {}, bin = [CLI_PROGRAM, ...cliArgs([])]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin[0] as string, [...bin.slice(1), ...args], {
      cwd: root,
      env: { ...process.env, FFDESK_URL: svc.url, FFDESK_API_KEY: svc.key, FFDESK_DATA_DIR: svc.dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('ffdesk run', () => {
  it('when a URL input runs with --wait --json, then the SUCCESS record is printed and the exit code is 0', async () => {
    const r = await cli(['run', '-i {{in_1}} -frames:v 1 {{out_1}}', '--in', `in_1=${media.url}/video.mp4`, '--out', 'out_1=thumb.jpg', '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const record = JSON.parse(r.stdout);
    expect(record).toMatchObject({ status: 'SUCCESS', output_files: { out_1: { file_format: 'jpg' } } });
  });

  it('when a local file is the input and --download is given, then it is uploaded first and the output is saved', async () => {
    const out = tempDir('ffdesk-cli-out-');
    const r = await cli(['run', '-i {{in_1}} -t 0.5 -preset ultrafast {{out_1}}', '--in', `in_1=${tiny.video}`, '--out', 'out_1=clip.mp4', '--download', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.statSync(path.join(out, 'clip.mp4')).size).toBeGreaterThan(1000);
    expect(r.stderr).toMatch(/UPLOAD/);
    expect(r.stderr).toMatch(/SUCCESS/);
    expect(r.stdout).toMatch(/^out_1\thttp:\/\/\S+\t[0-9a-f-]{36}\n$/);
    // Again into the same folder: a numbered copy beside it, the first file left as it was (it was overwritten).
    fs.writeFileSync(path.join(out, 'clip.mp4'), 'mine');
    const again = await cli([
      'run',
      '-i {{in_1}} -t 0.5 -preset ultrafast {{out_1}}',
      '--in',
      `in_1=${tiny.video}`,
      '--out',
      'out_1=clip.mp4',
      '--download',
      out,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(fs.readFileSync(path.join(out, 'clip.mp4'), 'utf8')).toBe('mine');
    expect(fs.statSync(path.join(out, 'clip (1).mp4')).size).toBeGreaterThan(1000);
    expect(again.stderr).toContain(`saved out_1 -> ${path.join(out, 'clip (1).mp4')}`);
  });

  it('when --chain is given, then a chained command runs; without --wait only the id is printed; status --wait follows it', async () => {
    const r = await cli([
      'run',
      '-i {{in_1}} -t 0.5 -preset ultrafast {{out_1}}',
      '--chain',
      '-i {{out_1}} -frames:v 1 {{out_2}}',
      '--in',
      `in_1=${media.url}/video.mp4`,
      '--out',
      'out_1=a.mp4',
      '--out',
      'out_2=b.jpg',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const id = r.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const s = await cli(['status', id, '--wait', '--json']);
    expect(s.code, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({ command_type: 'FFMPEG_CHAINED_COMMANDS', status: 'SUCCESS' });
    const log = await cli(['log', id]);
    expect(log.stdout).toContain('step 2/2');
    const ls = await cli(['ls', '--json', '--limit', '2']);
    expect(JSON.parse(ls.stdout)[0].command_id).toBe(id);
  });

  it('when the command fails, then exit 1 with the error on stderr', async () => {
    const r = await cli(['run', '-f lavfi -i testsrc=duration=0.2 -no_such_option 1 {{out_1}}', '--out', 'out_1=x.mp4', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FAILED PROCESSING_ERROR/);
  });

  it('when a long command is cancelled, then cancel prints CANCELLED and status exits 1', async () => {
    const r = await cli(['run', '-re -f lavfi -i testsrc=size=64x48:rate=5:duration=60 -preset ultrafast {{out_1}}', '--out', 'out_1=long.mp4']);
    const id = r.stdout.trim();
    await svc.waitForCommand(id, { until: (b) => b.status === 'PROCESSING' });
    const c = await cli(['cancel', id]);
    expect(c.stdout).toMatch(/FAILED\s+CANCELLED/);
    expect((await cli(['status', id])).code).toBe(1);
  });
});

describe('ffdesk files, upload, store', () => {
  it('when a file is uploaded, listed, read and removed, then each step answers', async () => {
    const up = await cli(['upload', tiny.audio, '--json']);
    expect(up.code, up.stderr).toBe(0);
    const file = JSON.parse(up.stdout);
    expect(file).toMatchObject({ status: 'STORED', filename: 'audio.mp3', file_type: 'audio' });
    expect((await cli(['files', 'ls'])).stdout).toContain(file.file_id);
    expect(JSON.parse((await cli(['files', 'get', file.file_id, '--json'])).stdout).file_id).toBe(file.file_id);
    const rm = await cli(['files', 'rm', file.file_id]);
    expect(rm.stdout).toBe(`deleted ${file.file_id}\n`);
  });

  it('when a URL is stored with --wait, then the STORED record is printed', async () => {
    const r = await cli(['store', `${media.url}/image.png`, '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'STORED', service_store_type: 'STORED_FILE', file_type: 'image' });
  });
});

describe('ffdesk upload: same content, one file', () => {
  it('when the same file is uploaded twice, then the second reuses the stored file; a private upload of it is its own file', async () => {
    const file = path.join(tempDir('ffdesk-cli-dedupe-'), 'twice.bin');
    fs.writeFileSync(file, crypto.randomBytes(300_000));
    const first = await cli(['upload', file, '--json']);
    expect(first.code, first.stderr).toBe(0);
    const stored = JSON.parse(first.stdout);
    expect(stored.content_hash).toMatch(/^[0-9a-f]{64}$/);

    const again = await cli(['upload', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`twice.bin is already stored as ${stored.file_id}: reused, not uploaded again`);
    expect(again.stdout).toContain(stored.file_id);
    const copies = await svc.api('GET', `/v1/files?status=all&content_hash=${stored.content_hash}`);
    expect(copies.body.map((f: { file_id: string }) => f.file_id)).toEqual([stored.file_id]);
    const all = await svc.api('GET', '/v1/files?status=all');
    expect(all.body.filter((f: { filename: string }) => f.filename === 'twice.bin')).toHaveLength(1);

    const priv = await cli(['upload', file, '--private', '--json']);
    expect(priv.code, priv.stderr).toBe(0);
    expect(JSON.parse(priv.stdout)).toMatchObject({ is_private: true, content_hash: stored.content_hash });
    expect(JSON.parse(priv.stdout).file_id).not.toBe(stored.file_id);
  });
});

describe('ffdesk events', () => {
  it('when events are followed, then each arrives as one JSON line, in id order, history first from --last-event-id', async () => {
    const child = spawn(CLI_PROGRAM, cliArgs(['events', '--last-event-id', '0']), {
      cwd: root,
      env: { ...process.env, FFDESK_URL: svc.url, FFDESK_API_KEY: svc.key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const closed = new Promise<number | null>((r) => child.on('close', r));
    const sub = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'e.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc=duration=0.3 -preset ultrafast {{out_1}}',
    });
    await svc.waitForCommand(sub.body.command_id);
    for (let i = 0; i < 200 && !out.includes(`"command_id":"${sub.body.command_id}","status":"SUCCESS"`); i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGTERM');
    expect(await closed).toBe(0);
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; type: string });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.map((l) => l.id)).toEqual([...lines.map((l) => l.id)].sort((a, b) => a - b));
    expect(new Set(lines.map((l) => l.type))).toContain('command');
  });
});

describe('ffdesk webhook', () => {
  it('when a webhook is set and tested, then the receiver verifies it; deliveries lists it; rm clears it', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const set = await cli(['webhook', 'set', receiver.url, '--json']);
      expect(set.code, set.stderr).toBe(0);
      receiver.secret = JSON.parse(set.stdout).secret;
      const test = await cli(['webhook', 'test']);
      expect(test.code, test.stderr).toBe(0);
      expect(test.stdout).toMatch(/DELIVERED\s+attempts:1\s+last:200/);
      expect(receiver.received[0]?.isSignatureValid).toBe(true);
      expect((await cli(['webhook', 'deliveries', '--json'])).stdout).toContain(receiver.received[0]?.headers.id);
      expect((await cli(['webhook', 'rm'])).code).toBe(0);
      expect((await cli(['webhook', 'get'])).stdout).toBe('(no webhook set)\n');
      expect((await cli(['webhook', 'test'])).code).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('exit codes scripts can trust', () => {
  it('when the usage is wrong, then 2; when the service is unreachable, then 3; when the key is wrong, then 1', async () => {
    expect((await cli(['run', '-i x {{out_1}}'])).code).toBe(2);
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['files', 'get', 'x', 'y'])).code).toBe(2);
    const down = await cli(['ls'], { FFDESK_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/Cannot reach/);
    const bad = await cli(['ls'], { FFDESK_API_KEY: 'ffd_wrong' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid authorization key');
  });

  it('when no FFDESK_API_KEY is set, then the key file of FFDESK_DATA_DIR is used', async () => {
    const r = await cli(['ls', '--json'], { FFDESK_API_KEY: '' });
    expect(r.code, r.stderr).toBe(0);
  });

  it('when keys create runs, then the key is the last line; the package bin launches the same CLI', async () => {
    const r = await cli(['keys', 'create', '--plan', 'trial']);
    expect(r.code).toBe(0);
    const key = r.stdout.trim().split('\n').at(-1) as string;
    expect((await svc.api('GET', '/v1/account', undefined, { key })).body.plan).toBe('trial');
    const viaBin = await cli(['help'], {}, [process.execPath, 'src-service/cli/bin.mjs']);
    expect(viaBin.code).toBe(0);
    expect(viaBin.stdout).toContain('ffdesk <command>');
  });

  it('when --help follows a command, then the usage is printed and the command does not run', async () => {
    const r = await cli(['preset', '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('preset run <name>');
    expect(r.stderr).toBe('');
  });
});
