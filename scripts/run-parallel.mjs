// Runs npm scripts side by side. Exits non-zero if any failed (docs/contributing.md, "Suite time").
//   node scripts/run-parallel.mjs [--live <script>] [--nice] <script> […]
// `--live <script>` streams that one's output as it comes (the tests: a hang shows where it is);
// the others' output is printed whole when each ends (no interleaving). `--nice` starts the
// scripts after it at the lowest CPU priority (nice 19): `npm test` runs the type check, the lint
// and the renderer build beside vitest this way, so they take only the CPU vitest leaves idle
// (its service tests wait on ffmpeg, HTTP and the disk much of the time) and barely slow it.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';

const jobs = [];
let nice = false;
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (arg === '--nice') nice = true;
  else if (arg === '--live') jobs.push({ name: process.argv[++i], live: true, nice: false });
  else jobs.push({ name: arg, live: false, nice });
}
if (jobs.length === 0 || jobs.some((j) => !j.name)) {
  console.error('usage: node scripts/run-parallel.mjs [--live <npm script>] [--nice] <npm script> [<npm script> …]');
  process.exit(2);
}

function run({ name, live, nice }) {
  const started = Date.now();
  const npm = ['npm', 'run', '--silent', name];
  const [command, ...args] = nice && process.platform !== 'win32' ? ['nice', '-n', '19', ...npm] : npm;
  const child = spawn(command, args, { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'], shell: process.platform === 'win32' });
  const chunks = [];
  child.stdout?.on('data', (c) => chunks.push(c));
  child.stderr?.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> ${name}${nice ? ' (nice 19)' : ''}: ${outcome} in ${seconds} s\n${Buffer.concat(chunks).toString()}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(jobs.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
