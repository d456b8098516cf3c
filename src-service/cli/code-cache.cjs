/* global process, setTimeout, Buffer */
// Runs the service's CommonJS bundle (out/service/main.cjs) with a V8 code cache beside it, so a
// start does not parse and compile the same 2.7 MB again: node 20 has no compile cache of its own
// (docs/performance.md, "Start-up"). The cache is made by the first run of a bundle, a few seconds
// in (the functions the start ran are compiled by then, so they are in it), and used while the
// bundle's size and mtime and node's version are the same; V8 itself refuses one made under
// other flags, and a refused or missing cache only means a slower start and a new cache.
const fs = require('node:fs');
const { Module } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/** How long after loading the cache is written: the start's functions are compiled by then. */
const WRITE_AFTER_MS = 3000;

/**
 * `command` names the cache: a cache holds the functions its run compiled, so one made by a client
 * command that happened to run first (`ffdesk events`, `run --wait`) would leave `serve` compiling
 * most of the service at every start, the cache being valid and so never made again.
 */
function runBundle(file, command = 'cli') {
  const stamp = stampOf(file);
  const cacheFile = `${file}.${command}.cache`;
  const useCache = process.env.FFDESK_NO_CODE_CACHE !== '1';
  const cachedData = useCache ? readCache(cacheFile, stamp) : undefined;
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
  });
  const mod = new Module(file);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  if (useCache && (!cachedData || script.cachedDataRejected)) setTimeout(() => writeCache(script, cacheFile, stamp), WRITE_AFTER_MS).unref();
  script.runInThisContext()(mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
}

/** What the cache was made from: the bundle as built and the node that compiled it. */
function stampOf(file) {
  const st = fs.statSync(file);
  return Buffer.from(`${st.size} ${st.mtimeMs} ${st.ino} ${process.version} ${process.arch}\n`);
}

function readCache(cacheFile, stamp) {
  try {
    const data = fs.readFileSync(cacheFile);
    return data.subarray(0, stamp.length).equals(stamp) ? data.subarray(stamp.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside the bundle under a temporary name, then renamed: two starts never mix theirs. */
function writeCache(script, cacheFile, stamp) {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, Buffer.concat([stamp, script.createCachedData()]));
    fs.renameSync(temp, cacheFile);
  } catch {
    fs.rmSync(temp, { force: true }); // a read-only install runs without a cache
  }
}

exports.runBundle = runBundle;
