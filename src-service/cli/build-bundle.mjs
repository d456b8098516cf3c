/* global process, console */
// Bundles the service's CLI (src-service/cli/main.ts) into out/service/main.cjs with esbuild, so
// `npm run serve` starts plain JavaScript instead of transpiling ~400 TypeScript files on every
// start (docs/performance.md, "Start-up"). Run by `npm install` (prepare), `npm run build` and,
// when the bundle is older than the sources, by src-service/cli/launch.cjs itself.
// Plain-JavaScript dependencies (koa, zod, mime-types...) go into the bundle too: resolving and
// loading a few hundred CommonJS files from node_modules was about a quarter of the start-up.
// Packages that find files beside their own code at run time stay in node_modules (EXTERNAL).
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import fs from 'node:fs';
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
/**
 * Strict, as the ES module bundle was (every file in it, the dependencies too); the sources'
 * `import.meta.url` (locating files beside the code) is the bundle's own URL.
 */
const META_URL = '"use strict"; ' + "var __ffdeskMetaUrl = require('node:url').pathToFileURL(__filename).href;";

/**
 * One copy of the MIME table in the bundle. koa, type-is and accepts each brought their own
 * mime-types + mime-db (three copies, two versions), and each copy builds its maps when loaded:
 * ~15 % of a start's CPU. All three now get koa's (the newest; accepts only calls `lookup`, the
 * same in both versions), and its 200 KB table is read by `JSON.parse` instead of being compiled
 * as a JavaScript object literal, which V8 does several times slower.
 */
function oneMimeTable() {
  const fromKoa = createRequire(path.join(root, 'node_modules/koa/package.json'));
  const mimeTypes = fromKoa.resolve('mime-types');
  const mimeDb = createRequire(mimeTypes).resolve('mime-db/db.json');
  return {
    name: 'one-mime-table',
    setup(build) {
      build.onResolve({ filter: /^mime-types$/ }, () => ({ path: mimeTypes, namespace: 'mime-on-first-use' }));
      build.onLoad({ filter: /.*/, namespace: 'mime-on-first-use' }, () => ({
        contents: mimeOnFirstUse(mimeTypes),
        resolveDir: path.dirname(mimeTypes),
        loader: 'js',
      }));
      build.onResolve({ filter: /^mime-db$/ }, () => ({ path: mimeDb }));
      build.onLoad({ filter: /[\\/]mime-db[\\/]db\.json$/ }, (args) => ({
        contents: `module.exports = JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(fs.readFileSync(args.path, 'utf8'))))});`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The MIME table is built by the first lookup, not by every start: mime-types fills its maps from
 * the 200 KB table when loaded (~3 % of a start's CPU), and koa's response module takes
 * `contentType` from it when loaded, so a proxy of the module object would still load it. This
 * stand-in has the same exports (mime-types 3.x: charset, charsets, contentType, extension,
 * extensions, lookup, types) and loads the real module on the first call or property read.
 */
function mimeOnFirstUse(realPath) {
  return `let real;
const load = () => (real ??= require(${JSON.stringify(realPath)}));
const lazyObject = (name) => new Proxy({}, {
  get: (_, key) => load()[name][key],
  has: (_, key) => key in load()[name],
  ownKeys: () => Reflect.ownKeys(load()[name]),
  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(load()[name], key),
});
module.exports = {
  charset: (type) => load().charset(type),
  charsets: { lookup: (type) => load().charset(type) },
  contentType: (str) => load().contentType(str),
  extension: (type) => load().extension(type),
  lookup: (path) => load().lookup(path),
  extensions: lazyObject('extensions'),
  types: lazyObject('types'),
};
`;
}

/**
 * One http-errors in the bundle. koa's `ctx.assert` (http-assert) brought its own older copy
 * (1.8.1, with its own statuses and depd), and each copy builds a class per HTTP status when
 * loaded. http-assert only calls `createError(status, message, props)`, the same in 2.x, so it
 * gets koa's copy.
 */
function oneHttpErrors() {
  const fromKoa = createRequire(path.join(root, 'node_modules/koa/package.json'));
  const httpErrors = fromKoa.resolve('http-errors');
  return {
    name: 'one-http-errors',
    setup(build) {
      build.onResolve({ filter: /^http-errors$/ }, () => ({ path: httpErrors }));
    },
  };
}

/**
 * Node's zlib loads when first used, not by every start: `destroy` (koa's), yazl and yauzl require
 * it when loaded, and compiling node's zlib module was ~3 % of a start's CPU. Their `zlib` becomes an
 * object that requires the real module on its first property read (`zlib.createInflateRaw`,
 * `stream instanceof Zlib.Gzip`), which is all these packages do with it. yauzl also reads
 * `zlib.crc32` when loaded, so yauzl is itself imported by the first zip opened (storage/zip-entries.ts).
 */
function zlibOnFirstUse() {
  const lazy = "new Proxy({}, { get: (_, key) => require('zlib')[key] })";
  return {
    name: 'zlib-on-first-use',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/](destroy|yazl|yauzl)[\\/]index\.js$/ }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        const out = source.replace(/require\((['"])zlib\1\)/g, lazy);
        if (out === source) throw new Error(`zlib-on-first-use: no require('zlib') in ${args.path}`);
        return { contents: out, loader: 'js' };
      });
    },
  };
}

export async function buildService() {
  const esbuild = await import('esbuild');
  const outDir = path.join(root, 'out/service');
  removeEarlierOutput(outDir);
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src-service/cli/main.ts'],
    // One CommonJS file rather than ES modules: it loads with a V8 code cache (code-cache.cjs),
    // and node's ES module loader cost ~20 % of a start's CPU on top of the compiling.
    outfile: path.join(outDir, 'main.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    define: { 'import.meta.url': '__ffdeskMetaUrl' },
    banner: { js: META_URL },
    plugins: [oneMimeTable(), oneHttpErrors(), zlibOnFirstUse()],
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  requireExternalsDynamically(path.join(outDir, 'main.cjs'));
}

/**
 * `import('chokidar')` of a package left in node_modules stays an `import()` in CommonJS output,
 * which code run through `vm.Script` (code-cache.cjs) can only do with an experimental option that
 * prints a warning; a `require` of the package's CommonJS build gives the same exports.
 */
function requireExternalsDynamically(file) {
  const source = fs.readFileSync(file, 'utf8');
  const out = source.replace(/\bimport\("([^".][^"]*)"\)/g, (whole, spec) =>
    isExternal(spec) ? `Promise.resolve().then(() => require(${JSON.stringify(spec)}))` : whole,
  );
  if (out !== source) fs.writeFileSync(file, out);
}

function isExternal(spec) {
  return EXTERNAL.some((e) => (e.endsWith('/*') ? spec.startsWith(e.slice(0, -1)) : spec === e || spec.startsWith(`${e}/`)));
}

/** Earlier builds' files (ES module chunks, a code cache of another bundle, one a kill cut mid-write: code-cache.cjs). */
export function removeEarlierOutput(outDir) {
  for (const name of fs.existsSync(outDir) ? fs.readdirSync(outDir) : []) {
    if (/\.(js|js\.map|cache)$|\.cache\.\d+\.tmp$/.test(name)) fs.rmSync(path.join(outDir, name), { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildService().catch((err) => {
    // Never fail `npm install` over it: the launcher falls back to tsx.
    console.warn(`ffdesk: could not bundle the service (npm run serve will use tsx): ${err?.message ?? err}`);
  });
}
