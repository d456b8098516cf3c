import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The first of `candidates` that exists and is executable, else the name found on PATH, else null. */
export function findTool(name: string, candidates: string[] = []): string | null {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const p of [...candidates, ...dirs.map((d) => path.join(d, name))]) {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // not there: try the next place
    }
  }
  return null;
}

/** Runs a command to its end; resolves with stdout, rejects with stderr on a non-zero exit. */
export function run(bin: string, args: string[], opts: { timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: opts.timeoutMs ?? 300_000 });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(bin)} exited ${code}: ${err.trim()}`))));
  });
}
