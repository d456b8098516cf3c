import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * better-sqlite3 is a native module built for Node's ABI (tests, `npm run serve`). Electron
 * needs its own build; instead of rebuilding in place (which would break Node), we build a
 * copy once per Electron version into `out/native/electron-<version>/` and point the
 * service at it with FFDESK_SQLITE_BINDING (better-sqlite3's `nativeBinding` option).
 */
export function ensureElectronSqlite(root: string, electronBin: string): Record<string, string> {
  const version = electronVersion(electronBin);
  if (!version) return {};
  const outDir = path.join(root, 'out', 'native', `electron-${version}`);
  const binding = path.join(outDir, 'build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(binding)) {
    const src = path.join(root, 'node_modules', 'better-sqlite3');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.cpSync(src, outDir, { recursive: true, filter: (p) => !p.includes(`${path.sep}build${path.sep}`) });
    // node-gyp through npx: npm ships it, and on a machine with network it fetches Electron's headers.
    const r = spawnSync(
      process.platform === 'win32' ? 'npx.cmd' : 'npx',
      ['--yes', 'node-gyp', 'rebuild', '--release', `--target=${version}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
      {
        cwd: outDir,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) {
      console.warn('Could not build better-sqlite3 for Electron; the app may fail to open its database.');
      return {};
    }
  }
  return { FFDESK_SQLITE_BINDING: binding };
}

function electronVersion(bin: string): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
  const m = /v?(\d+\.\d+\.\d+)/.exec(r.stdout ?? '');
  return m?.[1] ?? null;
}
