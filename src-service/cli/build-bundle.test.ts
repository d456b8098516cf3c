import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';

const dir = tempDir('ffdesk-bundle-out-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a new build of out/service', () => {
  it('when earlier output is there, then code caches, chunks and a cache cut mid-write go, and the rest stays', async () => {
    const url = pathToFileURL(path.join(import.meta.dirname, 'build-bundle.mjs')).href;
    const { removeEarlierOutput } = (await import(url)) as { removeEarlierOutput(outDir: string): void };
    const stale = ['chunk-1.js', 'chunk-1.js.map', 'main.cjs.serve.cache', 'main.cjs.serve.cache.4242.tmp'];
    for (const name of [...stale, 'main.cjs', 'notes.txt']) fs.writeFileSync(path.join(dir, name), 'x');
    removeEarlierOutput(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['main.cjs', 'notes.txt']);
  });
});
