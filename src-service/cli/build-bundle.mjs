/* global process, console */
// Bundles the service's CLI (src-service/cli/main.ts) into out/service/ with esbuild, so
// `npm run serve` starts plain JavaScript instead of transpiling ~400 TypeScript files on every
// start (docs/performance.md, "Start-up"). Run by `npm install` (prepare), `npm run build` and,
// when the bundle is older than the sources, by src-service/cli/launch.mjs itself.
// Dependencies stay in node_modules (better-sqlite3 is native; the others are resolved as usual).
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function buildService() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src-service/cli/main.ts'],
    outdir: 'out/service',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildService().catch((err) => {
    // Never fail `npm install` over it: the launcher falls back to tsx.
    console.warn(`ffdesk: could not bundle the service (npm run serve will use tsx): ${err?.message ?? err}`);
  });
}
