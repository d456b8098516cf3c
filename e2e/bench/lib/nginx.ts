import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { findTool } from './tools';

export interface Nginx {
  url: string;
  /** The master's pid; its worker (one here) is its child. */
  pid: number;
  stop(): Promise<void>;
}

/** nginx (Debian `nginx-light` installs /usr/sbin/nginx), or null where it is not installed. */
export function findNginx(): string | null {
  return findTool('nginx', ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']);
}

/**
 * nginx serving `rootDir` on a free loopback port with sendfile on: the download baseline.
 * It runs in the foreground with its own prefix, config, pid and logs under `workDir`, one
 * worker, so it needs no root and leaves nothing behind.
 */
export async function startNginx(bin: string, rootDir: string, workDir: string): Promise<Nginx> {
  fs.mkdirSync(workDir, { recursive: true });
  const port = await freePort();
  const conf = path.join(workDir, 'nginx.conf');
  const temp = (name: string) => path.join(workDir, name);
  fs.writeFileSync(
    conf,
    [
      // As root, workers would switch to "nobody", who cannot read a private temp dir: stay root there.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      '  sendfile on; tcp_nopush on; keepalive_timeout 5;',
      '  default_type application/octet-stream;',
      `  client_body_temp_path ${temp('body')}; proxy_temp_path ${temp('proxy')}; fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};`,
      `  server { listen 127.0.0.1:${port}; root ${rootDir}; location / { } }`,
      '}',
    ].join('\n'),
  );
  const child = spawn(bin, ['-p', workDir, '-e', temp('error.log'), '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, child, () => err);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ReturnType<typeof spawn>, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${stderr()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not listen within 10 s: ${stderr()}`);
}
