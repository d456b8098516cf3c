/* global process, __dirname */
// Runs the CLI (`npm run serve`, `npm run cli`, the `ffdesk` bin): the esbuild bundle
// out/service/main.cjs, with its code cache, when it is at least as new as every file under
// src-service/ (rebuilt here when it is not), else the TypeScript sources through tsx, with a note
// (docs/performance.md, "Start-up"). CommonJS: an ES module entry starts node's ES module loader,
// ~12 ms of every start here.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { runBundle } = require('./code-cache.cjs');

const root = path.resolve(__dirname, '../..');
const bundle = path.join(root, 'out/service/main.cjs');
// One code cache for each long-running command, one for the client commands (code-cache.cjs).
const command = ['serve', 'worker'].includes(process.argv[2]) ? process.argv[2] : 'cli';

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

/** Builds the bundle from the sources; false (with a note) when esbuild cannot. */
async function rebuilt() {
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

function runSources() {
  const tsxLoader = require.resolve('tsx');
  const child = spawn(process.execPath, ['--import', pathToFileURL(tsxLoader).href, path.join(__dirname, 'main.ts'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

// The bundle runs in this same process: argv, signals and exit code are the CLI's own.
if (process.env.FFDESK_NO_BUNDLE === '1') runSources();
else if (bundleMtime() >= newestSource(path.join(root, 'src-service'))) runBundle(bundle, command);
else void rebuilt().then((ok) => (ok ? runBundle(bundle, command) : runSources()));
