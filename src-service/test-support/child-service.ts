import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildService {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: the crash case; nothing gets to clean up. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** `npm run serve` as a real separate process (what a user runs), for crash and restart tests. */
export async function startChildService(env: Record<string, string>): Promise<ChildService> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src-service/cli/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, FFDESK_HOST: '127.0.0.1', FFDESK_PORT: '0', FFDESK_QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /FFDesk listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`service exited ${code}:\n${out}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    child,
    output: () => out,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
