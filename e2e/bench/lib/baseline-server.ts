import { spawn } from 'node:child_process';
import { REPO_ROOT } from './service';

export interface BaselineServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts servers/baseline-server.ts in its own process (the same loader as the service). */
export function startBaselineServer(env: { BENCH_JSON_FILE?: string; BENCH_STATIC_FILE?: string; BENCH_UPLOAD_FILE?: string }): Promise<BaselineServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/bench/servers/baseline-server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`baseline server exited ${code}: ${out}`)));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /baseline listening on (\S+)/.exec(out);
      if (!m) return;
      resolve({
        url: m[1] as string,
        pid: child.pid as number,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
