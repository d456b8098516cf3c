// Runs npm scripts side by side and prints each one's output whole when it ends (no interleaving).
// Exits non-zero if any failed. `npm test` runs the type check and the lint this way: each is one
// single-threaded process, so on 2 cores together they take the time of the longer one
// (docs/contributing.md, "Suite time").
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

function run(name) {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> ${name}: ${outcome} in ${seconds} s\n${Buffer.concat(chunks).toString()}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
