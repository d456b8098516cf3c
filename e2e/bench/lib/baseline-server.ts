import { spawn } from 'node:child_process';
import { REPO_ROOT } from './service';
import { findTool, run } from './tools';

export interface BaselineServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts servers/baseline-server.ts in its own process (the same loader as the service). */
export function startBaselineServer(env: { BENCH_JSON_FILE?: string; BENCH_STATIC_FILE?: string; BENCH_UPLOAD_FILE?: string }): Promise<BaselineServer> {
  return startServer(process.execPath, ['--import', 'tsx', 'e2e/bench/servers/baseline-server.ts'], env);
}

/**
 * servers/splice-sink.py: the upload sink protocol with splice(2) socket → pipe → file (no
 * copy through user space), or null where python3 lacks `os.splice` (3.10+, Linux).
 */
export async function startSpliceSink(env: { BENCH_UPLOAD_FILE: string }): Promise<BaselineServer | null> {
  const python = findTool('python3', ['/usr/bin/python3']);
  if (!python) return null;
  const ok = await run(python, ['-c', 'import os; print(hasattr(os, "splice"))']).catch(() => '');
  if (ok.trim() !== 'True') return null;
  return startServer(python, ['e2e/bench/servers/splice-sink.py'], env);
}

/**
 * Each baseline in its own session, as the service is (lib/service.ts): where the kernel groups
 * CPU time by session (autogroup), both sides then get the same share of a loaded machine.
 */
function startServer(bin: string, args: string[], env: Record<string, string | undefined>): Promise<BaselineServer> {
  const child = spawn(bin, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // Its own session no longer hears the terminal's Ctrl-C: an interrupted bench ends it on its way out.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphan);
      resolve();
    }),
  );
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
