import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

export interface FdService {
  url: string;
  stop(): Promise<void>;
}

/**
 * `ffdesk serve` started the way a careless parent would: with an extra open descriptor (fd 3,
 * a pipe the caller holds). One node process (tsx as a loader), so fd 3 is handed to the
 * service itself, not to a launcher (docs/sandbox.md, "Clean process start").
 */
export async function startServiceWithExtraFd(opts: { dataDir: string; key: string; ffmpegPath: string; sandbox: 'off' | 'require' }): Promise<FdService> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src-service/cli/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      FFDESK_HOST: '127.0.0.1',
      FFDESK_PORT: '0',
      FFDESK_QUIET: '1',
      FFDESK_DATA_DIR: opts.dataDir,
      FFDESK_API_KEY: opts.key,
      FFDESK_SANDBOX: opts.sandbox,
      FFDESK_FFMPEG_PATH: opts.ffmpegPath,
    },
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /FFDesk listening on (\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`service exited ${code}:\n${out}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs the stand-in's `standin-fds.txt` action through the service's API and returns its listing. */
export async function fdListingThrough(svc: FdService, key: string): Promise<{ status: string; error?: string; listing: string }> {
  const headers = { 'content-type': 'application/json', 'x-api-key': key };
  const body = { output_files: { out_1: 'standin-fds.txt' }, vcpu_count: 1, ffmpeg_command: '-f lavfi -i testsrc=duration=1 -f null {{out_1}}' };
  const res = await fetch(`${svc.url}/v1/run-ffmpeg-command`, { method: 'POST', headers, body: JSON.stringify(body) });
  const { command_id } = (await res.json()) as { command_id: string };
  let record: { status: string; error_message?: string; output_files?: { out_1: { storage_url: string } } };
  do {
    record = (await (await fetch(`${svc.url}/v1/commands/${command_id}`, { headers })).json()) as typeof record;
  } while (record.status === 'QUEUED' || record.status === 'PROCESSING');
  const listing = record.status === 'SUCCESS' ? await (await fetch(record.output_files!.out_1.storage_url)).text() : '';
  return { status: record.status, error: record.error_message, listing };
}
