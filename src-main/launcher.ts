/**
 * `npm start`: the desktop app where the Electron binary exists; otherwise one clear line
 * and web mode (the service serving the built UI). Runs under plain Node (tsx), so it
 * never imports `electron` itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureElectronSqlite } from './electron-native';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function electronBinary(): string | null {
  try {
    const bin = require('electron') as unknown;
    return typeof bin === 'string' && fs.existsSync(bin) ? bin : null;
  } catch {
    return null; // package absent, or present without its binary ("failed to install correctly")
  }
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

const npx = (bin: string) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${bin}.cmd` : bin);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) newest = Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

function rendererIsFresh(): boolean {
  const index = path.join(root, 'out', 'renderer', 'index.html');
  return fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestMtime(path.join(root, 'src-renderer'));
}

async function startWebMode(): Promise<void> {
  if (!rendererIsFresh()) run(npx('vite'), ['build', '--config', 'src-renderer/vite.config.ts', '--logLevel', 'warn']);
  process.env.FFDESK_SAMPLES ??= '1';
  const { serveCommand } = await import('../src-service/cli/serve');
  await serveCommand({ webRoot: path.join(root, 'out', 'renderer'), printOpenUrl: true });
}

async function main(): Promise<void> {
  const bin = electronBinary();
  if (!bin) {
    console.log('Electron binary not found (its download needs GitHub access): starting FFDesk in web mode instead.');
    await startWebMode();
    return;
  }
  run(npx('electron-vite'), ['build']);
  const env = { ...process.env, ...ensureElectronSqlite(root, bin) };
  const child = spawn(bin, ['.'], { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err: unknown) => {
  console.error(`npm start: ${(err as Error)?.message ?? String(err)}`);
  process.exit(1);
});
