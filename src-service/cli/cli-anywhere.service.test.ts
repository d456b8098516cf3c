import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, type TinyMedia } from '../testing/media';

/**
 * The CLI the way a user runs it: `ffdesk` put on PATH with `npm link` (into a temporary npm
 * prefix, so the machine's global folder is untouched), and `npm run cli -- …`, both started
 * from a folder of the user's, with relative paths.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let svc: TestService;
let tiny: TinyMedia;
let binDir: string;

beforeAll(async () => {
  tiny = makeTinyMedia(tempDir('ffdesk-anywhere-media-'));
  svc = await startTestService();
  const prefix = tempDir('ffdesk-npm-prefix-');
  execFileSync('npm', ['link', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: root,
    env: { ...process.env, npm_config_prefix: prefix },
    stdio: 'ignore',
  });
  binDir = path.join(prefix, 'bin');
});
afterAll(async () => svc?.stop());

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(program: string, args: string[], cwd: string, env: Record<string, string> = {}, closeStdout = false): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd,
      env: {
        ...process.env,
        PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
        FFDESK_URL: svc.url,
        FFDESK_API_KEY: svc.key,
        FFDESK_DATA_DIR: svc.dataDir,
        npm_lifecycle_event: '',
        INIT_CWD: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    if (closeStdout)
      child.stdout.destroy(); // a reader that went away, as `| head` does once it has its lines
    else child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function userFolder(): string {
  const dir = tempDir('ffdesk-user-');
  fs.copyFileSync(tiny.video, path.join(dir, 'mine.mp4'));
  return dir;
}

const fileCount = async () => (await svc.api('GET', '/v1/files?status=all')).body.length as number;

describe('the CLI from any folder', () => {
  it("when the npm-linked ffdesk runs with ./mine.mp4 and --download ., then both resolve in the user's folder", async () => {
    const dir = userFolder();
    const r = await run('ffdesk', ['run', '-i {{in_1}} -frames:v 1 {{out_1}}', '--in', 'in_1=./mine.mp4', '--out', 'out_1=frame.jpg', '--download', '.'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.statSync(path.join(dir, 'frame.jpg')).size).toBeGreaterThan(100);
  });

  it("when npm run cli is started from the user's folder, then INIT_CWD is where paths resolve", async () => {
    const dir = userFolder();
    const r = await run(
      'npm',
      [
        '--prefix',
        root,
        'run',
        '--silent',
        'cli',
        '--',
        'run',
        '-i {{in_1}} -frames:v 1 {{out_1}}',
        '--in',
        'in_1=./mine.mp4',
        '--out',
        'out_1=frame.png',
        '--download',
        'my-frames',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(fs.statSync(path.join(dir, 'my-frames', 'frame.png')).size).toBeGreaterThan(100);
    // Not `out`: that is the repository's build folder, present after any build.
    expect(fs.existsSync(path.join(root, 'my-frames'))).toBe(false);
  });

  it('when the request is refused (422), then the local input was never uploaded', async () => {
    const dir = userFolder();
    const before = await fileCount();
    const r = await run('ffdesk', ['run', '-i {{in_1}} -i /etc/passwd {{out_1}}', '--in', 'in_1=./mine.mp4', '--out', 'out_1=o.mp4'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 422');
    expect(await fileCount()).toBe(before);
    const missing = await run('ffdesk', ['run', '-i {{in_1}} {{out_1}}', '--in', 'in_1=./nope.mp4', '--out', 'out_1=o.mp4'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(path.join(dir, 'nope.mp4'));
  });

  it('when keys list finds no data dir, then it says where it looked and creates nothing', async () => {
    const dir = tempDir('ffdesk-user-');
    const r = await run('ffdesk', ['keys', 'list'], dir, { FFDESK_DATA_DIR: 'no-data-here' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(path.join(dir, 'no-data-here', 'ffdesk.db'));
    expect(fs.existsSync(path.join(dir, 'no-data-here'))).toBe(false);
  });

  it('when the reader of the output goes away (| head), then ffdesk files ls exits quietly', async () => {
    await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'a.png' },
      ffmpeg_command: '-f lavfi -i testsrc=size=32x32 -frames:v 1 {{out_1}}',
    });
    const r = await run('ffdesk', ['files', 'ls'], tempDir('ffdesk-user-'), {}, true);
    expect(r.stderr).not.toMatch(/EPIPE|at .*\.ts:\d+/);
    expect(r.code).toBe(0);
  });

  it('when files ls prints a table, then it is plain text with a header and aligned columns', async () => {
    const r = await run('ffdesk', ['files', 'ls'], tempDir('ffdesk-user-'));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^FILE_ID\s+STATUS\s+FILENAME\s+SIZE\s+STORAGE_URL$/);
    expect(lines.length).toBeGreaterThan(1);
    const column = (line: string) => (line.indexOf('STORAGE_URL') >= 0 ? line.indexOf('STORAGE_URL') : line.search(/http|\(private\)/));
    for (const line of lines.slice(1)) expect(column(line)).toBe(column(lines[0] as string));
    expect(r.stdout).not.toMatch(/[│┌─]/);
  });
});
