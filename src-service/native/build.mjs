/* global process, console */
// Builds the sendfile module (src-service/native/sendfile.c, Linux) into out/native, as part of
// `npm install` (the `prepare` script). It never fails the install: without a C compiler, or on
// another system, downloads go through buffers instead (docs/performance.md, "Downloads").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const FILE = 'ffdesk_sendfile.node';

function nodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp, // set by npm for scripts: its own bundled copy
    path.resolve(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
  ];
  return candidates.find((p) => p && fs.existsSync(p));
}

/** The running node's own headers when it ships them: node-gyp would otherwise download them. */
function nodeDir() {
  if (process.env.npm_config_nodedir) return process.env.npm_config_nodedir;
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return fs.existsSync(path.join(prefix, 'include/node/node_api.h')) ? prefix : undefined;
}

function build() {
  if (process.platform !== 'linux') return 'only built on Linux';
  const gyp = nodeGyp();
  if (!gyp) return 'node-gyp not found (it comes with npm)';
  const dir = nodeDir();
  const args = [gyp, 'rebuild', `--directory=${here}`, ...(dir ? [`--nodedir=${dir}`] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  const built = path.join(here, 'build/Release', FILE);
  if (r.status !== 0 || !fs.existsSync(built)) {
    // The compiler's own complaint, not node-gyp's report of where it ran.
    const noise = /^gyp (info|ERR! (System|command|cwd|node -v|node-gyp -v|not ok|stack))/;
    const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`
      .split('\n')
      .filter((l) => l.trim() && !noise.test(l))
      .slice(-4);
    return `the build failed (a C compiler, make and python3 are needed):\n  ${tail.join('\n  ')}`;
  }
  // Renamed into place: a running service may have the previous file mapped.
  const outDir = path.join(root, 'out/native');
  fs.mkdirSync(outDir, { recursive: true });
  const temp = path.join(outDir, `.${FILE}.${process.pid}`);
  fs.copyFileSync(built, temp);
  fs.renameSync(temp, path.join(outDir, FILE));
  return null;
}

const why = build();
if (why) console.log(`FFDesk: the sendfile module was not built (${why}); downloads will be sent through buffers.`);
