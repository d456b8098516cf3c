#!/usr/bin/env node
// The package's `ffdesk` bin: runs the TypeScript CLI through tsx (a dependency), so no build step is needed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsxLoader = require.resolve('tsx');
const child = spawn(process.execPath, ['--import', pathToFileURL(tsxLoader).href, path.join(here, 'main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
