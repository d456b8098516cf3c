import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';
import { CLI_PROGRAM, cliArgs } from '../testing/cli-bundle';

/**
 * `keys local` and the `serve` banner, as a user meets them: the real CLI processes, the
 * banner's command copied as printed, and the key it prints used against the running service.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(
    started.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('close', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FFDESK_DATA_DIR: dataDir, FFDESK_PORT: '0', FFDESK_SAMPLES: '0', ...extra };
  if (!('FFDESK_API_KEY' in extra)) delete env.FFDESK_API_KEY;
  return env;
}

function cli(args: string[], env: NodeJS.ProcessEnv, program = [CLI_PROGRAM, ...cliArgs([])]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(program[0] as string, [...program.slice(1), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts `serve` and resolves with its banner once the key line is printed. */
function serve(env: NodeJS.ProcessEnv): Promise<{ url: string; banner: string }> {
  return new Promise((resolve, reject) => {
    // What `npm run serve` runs: the esbuild bundle, dependencies bundled in (docs/performance.md, "Start-up").
    const child = spawn(process.execPath, ['src-service/cli/launch.cjs', 'serve'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let banner = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      banner += d.toString();
      const url = /FFDesk listening on (\S+)/.exec(banner)?.[1];
      if (url && /API key: .*\n/.test(banner)) resolve({ url, banner });
    });
    child.on('close', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

/** The command the banner names, as words (it reads `npm run --silent cli -- keys local`). */
function bannerCommand(banner: string): string[] {
  const command = /print it: (npm run --silent cli -- [^)]+)\)/.exec(banner)?.[1];
  expect(command, banner).toBeDefined();
  return (command as string).split(' ');
}

describe('keys local', () => {
  it('when the serve banner names a command for the key, then that command prints the whole key, which the service accepts', async () => {
    const dataDir = tempDir('ffdesk-keys-local-');
    const { url, banner } = await serve(cliEnv(dataDir));
    const words = bannerCommand(banner);
    expect(words.slice(-2)).toEqual(['keys', 'local']);
    // Run exactly what the banner says, through npm, from the project folder.
    const r = await cli(words.slice(1), cliEnv(dataDir), ['npm']);
    expect(r.code, r.stderr).toBe(0);
    const key = r.stdout.trimEnd().split('\n').pop() as string;
    expect(key).toBe(fs.readFileSync(path.join(dataDir, 'local-api-key'), 'utf8').trim());
    const ok = await fetch(`${url}/v1/account`, { headers: { 'X-API-KEY': key } });
    expect(ok.status).toBe(200);
    // What `keys list` shows is only the start of that key.
    const list = await cli(['keys', 'list'], cliEnv(dataDir));
    expect(list.stdout).toContain(`${key.slice(0, 10)}…`);
    expect(list.stdout).not.toContain(key);
  });

  it('when the data folder has no key file, then it says where it looked and exits 1', async () => {
    const dataDir = tempDir('ffdesk-keys-none-');
    const r = await cli(['keys', 'local'], cliEnv(dataDir));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(path.join(dataDir, 'local-api-key'));
    expect(r.stderr).toContain('npm run serve');
  });

  it('when the key in the file was revoked, then it says so instead of printing a key that is refused', async () => {
    const dataDir = tempDir('ffdesk-keys-revoked-');
    const { banner } = await serve(cliEnv(dataDir));
    expect(banner).toContain('keys local');
    const key = fs.readFileSync(path.join(dataDir, 'local-api-key'), 'utf8').trim();
    const revoke = await cli(['keys', 'revoke', key.slice(0, 10)], cliEnv(dataDir));
    expect(revoke.code, revoke.stderr).toBe(0);
    const r = await cli(['keys', 'local'], cliEnv(dataDir));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/revoked/);
  });
});
