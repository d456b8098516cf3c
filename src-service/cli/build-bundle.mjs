/* global process, console */
// Bundles the service's CLI (src-service/cli/main.ts) into out/service/ with esbuild, so
// `npm run serve` starts plain JavaScript instead of transpiling ~400 TypeScript files on every
// start (docs/performance.md, "Start-up"). Run by `npm install` (prepare), `npm run build` and,
// when the bundle is older than the sources, by src-service/cli/launch.mjs itself.
// Plain-JavaScript dependencies (koa, zod, mime-types...) go into the bundle too: resolving and
// loading a few hundred CommonJS files from node_modules was about a quarter of the start-up.
// Packages that find files beside their own code at run time stay in node_modules (EXTERNAL).
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Left in node_modules: native modules (better-sqlite3, msgpackr-extract), packages that locate a
 * binary or script files relative to their own folder (the ffmpeg/ffprobe packages, bullmq's Lua
 * scripts), optional platform packages (fsevents), and the tools (electron, esbuild, tsx).
 */
const EXTERNAL = [
  'better-sqlite3',
  'bullmq',
  'ioredis',
  'msgpackr',
  'msgpackr-extract',
  'chokidar',
  'fsevents',
  'ffmpeg-static',
  'ffprobe-static',
  '@ffmpeg-installer/*',
  '@ffprobe-installer/*',
  'electron',
  'esbuild',
  'tsx',
];
/** Bundled CommonJS code calls require() for Node's own modules: an ES module has none, so it gets one. */
const REQUIRE_SHIM = "import { createRequire as __ffdeskCreateRequire } from 'node:module'; const require = __ffdeskCreateRequire(import.meta.url);";

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
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
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
