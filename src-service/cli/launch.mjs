/* global process */
// Runs the CLI (`npm run serve`, `npm run cli`, the `ffdesk` bin): the esbuild bundle
// out/service/main.cjs, with its code cache, when it is at least as new as every file under
// src-service/ (rebuilt here when it is not), else the TypeScript sources through tsx, with a note
// (docs/performance.md, "Start-up").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bundle = path.join(root, 'out/service/main.cjs');

/** Newest mtime of the service's sources (a few ms for the whole tree). */
function newestSource(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

function bundleMtime() {
  try {
    return fs.statSync(bundle).mtimeMs;
  } catch {
    return -1;
  }
}

async function freshBundle() {
  if (process.env.FFDESK_NO_BUNDLE === '1') return false;
  if (bundleMtime() >= newestSource(path.join(root, 'src-service'))) return true;
  try {
    const { buildService } = await import(pathToFileURL(path.join(root, 'src-service/cli/build-bundle.mjs')).href);
    await buildService();
    return bundleMtime() >= 0;
  } catch (err) {
    process.stderr.write(
      `[ffdesk] note: running from the TypeScript sources through tsx (slower start): the bundle could not be built: ${err?.message ?? err}\n`,
    );
    return false;
  }
}

if (await freshBundle()) {
  const { runBundle } = await import('./code-cache.mjs');
  // One code cache for each long-running command, one for the client commands (code-cache.mjs).
  const command = ['serve', 'worker'].includes(process.argv[2]) ? process.argv[2] : 'cli';
  runBundle(bundle, command); // same process: argv, signals and exit code are the CLI's own
} else {
  const require = createRequire(import.meta.url);
  const tsxLoader = require.resolve('tsx');
  const child = spawn(process.execPath, ['--import', pathToFileURL(tsxLoader).href, path.join(here, 'main.ts'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
