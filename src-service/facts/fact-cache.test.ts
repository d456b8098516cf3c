import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactCache } from './fact-cache';
import { FACT_VERSIONS } from './fact-versions';

let root: string;
beforeEach(() => void (root = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-fact-cache-'))));
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const FILE = 'file-1';

describe('fact cache versions', () => {
  it('every cached fact has a version', () => {
    for (const name of ['probe.json', 'keyframes.json', 'timeline.json', 'proxy.json']) expect(FACT_VERSIONS[name]).toBeGreaterThanOrEqual(1);
  });

  it('a fact is computed once, and stored with the version of its computation', async () => {
    const cache = createFactCache(root, { versions: { 'keyframes.json': 3 } });
    let runs = 0;
    const compute = async () => ({ keyframes: [0, 2, 4], run: ++runs });
    expect(await cache.once(FILE, 'keyframes.json', compute)).toEqual({ keyframes: [0, 2, 4], run: 1 });
    expect(await cache.once(FILE, 'keyframes.json', compute)).toEqual({ keyframes: [0, 2, 4], run: 1 });
    expect(runs).toBe(1);
    expect(JSON.parse(fs.readFileSync(cache.pathOf(FILE, 'keyframes.json'), 'utf8'))).toEqual({ fact_version: 3, value: { keyframes: [0, 2, 4], run: 1 } });
  });

  it('a new version of the computation makes the old entries stale: they are computed again', async () => {
    const old = createFactCache(root, { versions: { 'keyframes.json': 1, 'timeline.json': 1 } });
    await old.once(FILE, 'keyframes.json', async () => ({ keyframes: [0, 2] }));
    await old.once(FILE, 'timeline.json', async () => ({ peaks: [1] }));
    // The keyframes' computation changed (version 2); the timeline's did not.
    const next = createFactCache(root, { versions: { 'keyframes.json': 2, 'timeline.json': 1 } });
    expect(await next.once(FILE, 'keyframes.json', async () => ({ keyframes: [0, 2.002] }))).toEqual({ keyframes: [0, 2.002] });
    expect(await next.once(FILE, 'timeline.json', async () => ({ peaks: [99] }))).toEqual({ peaks: [1] });
    expect(next.runs('keyframes.json')).toBe(1);
    expect(next.runs('timeline.json')).toBe(0);
    expect(await next.readJson(FILE, 'keyframes.json')).toEqual({ keyframes: [0, 2.002] });
  });

  it('an entry written before versions existed (a bare value), or a torn one, reads as absent', async () => {
    const cache = createFactCache(root);
    fs.mkdirSync(cache.dirOf(FILE), { recursive: true });
    fs.writeFileSync(cache.pathOf(FILE, 'proxy.json'), JSON.stringify({ status: 'READY', reason: 'HEVC' }));
    fs.writeFileSync(cache.pathOf(FILE, 'probe.json'), '{"fact_version": 1, "val');
    expect(await cache.readJson(FILE, 'proxy.json')).toBeNull();
    expect(await cache.readJson(FILE, 'probe.json')).toBeNull();
    await cache.writeJson(FILE, 'proxy.json', { status: 'READY', reason: 'HEVC' });
    expect(await cache.readJson(FILE, 'proxy.json')).toEqual({ status: 'READY', reason: 'HEVC' });
  });
});

describe('fact cache idle', () => {
  it('when idle() is awaited while a fact is computed, then it settles only once that fact is written, and after a failed one too', async () => {
    const cache = createFactCache(root);
    let finish = (_: unknown) => {};
    const computed = new Promise((resolve) => (finish = resolve));
    const running = cache.once(FILE, 'keyframes.json', () => computed);
    const failing = expect(cache.once('file-2', 'keyframes.json', () => Promise.reject(new Error('aborted')))).rejects.toThrow('aborted');
    let idle = false;
    const waited = cache.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(idle).toBe(false); // the first computation is still running
    finish({ keyframes: [0] });
    await waited;
    expect(fs.existsSync(cache.pathOf(FILE, 'keyframes.json'))).toBe(true);
    await expect(running).resolves.toEqual({ keyframes: [0] });
    await failing;
  });
});
