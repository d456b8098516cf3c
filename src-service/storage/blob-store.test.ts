import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, createFsBlobStore, InvalidBlobPathError, type BlobStore } from './blob-store';

let tmp: string;
let root: string;
let store: BlobStore;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-blobs-'));
  root = path.join(tmp, 'blobs');
  store = createFsBlobStore(root);
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function writeSource(rel: string, content: string): string {
  const p = path.join(tmp, 'src', rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  return p;
}

const read = async (s: NodeJS.ReadableStream) => text(s as Readable);

async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const k of store.listKeys()) keys.push(k);
  return keys.sort();
}

/** Everything visible outside the temp area. */
function visibleFiles(): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => !p.startsWith('.tmp')).sort();
}

describe('putFile', () => {
  it('when a file is put, then it moves in under a generated key and reads back whole', async () => {
    const src = writeSource('movie.mp4', 'hello world');
    const blob = await store.putFile(src);
    expect(blob).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), sizeBytes: 11, fileCount: 1 });
    expect(fs.existsSync(src)).toBe(false);
    expect(store.localPath(blob.key)).toBe(path.join(root, blob.key.slice(0, 2), blob.key));
    expect(await read(await store.openRead(blob.key))).toBe('hello world');
    expect(await store.stat(blob.key)).toMatchObject({ sizeBytes: 11 });
  });

  it('when a range is asked, then only those bytes (inclusive) are read', async () => {
    const blob = await store.putFile(writeSource('a.txt', '0123456789'));
    expect(await read(await store.openRead(blob.key, undefined, { start: 2, end: 5 }))).toBe('2345');
    await expect(store.openRead(blob.key, undefined, { start: 5, end: 2 })).rejects.toThrow(RangeError);
  });

  it('when the source does not exist, then it fails and nothing becomes visible', async () => {
    await expect(store.putFile(path.join(tmp, 'nope'))).rejects.toThrow();
    expect(await allKeys()).toEqual([]);
  });
});

describe('putDir', () => {
  it('when a playlist folder is put, then every file is readable by its inner path', async () => {
    writeSource('index.m3u8', '#EXTM3U');
    writeSource('stream_0/seg_001.ts', 'seg1');
    writeSource('stream_0/seg_002.ts', 'seg22');
    writeSource('unrelated.txt', 'stays');
    const blob = await store.putDir(path.join(tmp, 'src'), ['index.m3u8', 'stream_0/seg_001.ts', 'stream_0/seg_002.ts']);
    expect(blob).toMatchObject({ sizeBytes: 7 + 4 + 5, fileCount: 3 });
    expect(await read(await store.openRead(blob.key, 'stream_0/seg_002.ts'))).toBe('seg22');
    expect(await store.stat(blob.key, 'index.m3u8')).toMatchObject({ sizeBytes: 7 });
    expect(await store.stat(blob.key)).toBeNull(); // a folder is not a readable file
    expect(fs.existsSync(path.join(tmp, 'src', 'stream_0', 'seg_001.ts'))).toBe(false);
    expect(fs.existsSync(path.join(tmp, 'src', 'unrelated.txt'))).toBe(true);
  });

  it('when no list is given, then every file of the folder is stored', async () => {
    writeSource('a.mpd', 'x');
    writeSource('v/1.m4s', 'yy');
    expect(await store.putDir(path.join(tmp, 'src'))).toMatchObject({ sizeBytes: 3, fileCount: 2 });
  });

  it('when a listed file is missing, then nothing becomes visible and the sources stay', async () => {
    writeSource('index.m3u8', '#EXTM3U');
    await expect(store.putDir(path.join(tmp, 'src'), ['index.m3u8', 'missing.ts'])).rejects.toThrow();
    expect(visibleFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
    expect(fs.existsSync(path.join(tmp, 'src', 'index.m3u8'))).toBe(true);
  });

  it('when a listed path climbs out of the source folder, then it is refused', async () => {
    writeSource('index.m3u8', '#EXTM3U');
    await expect(store.putDir(path.join(tmp, 'src'), ['../secret'])).rejects.toThrow(InvalidBlobPathError);
    expect(visibleFiles()).toEqual([]);
  });
});

describe('write targets', () => {
  it('when a streamed write is committed, then it becomes a blob and leaves the temp area', async () => {
    const target = await store.createWriteTarget();
    expect(path.dirname(target.path)).toBe(path.join(root, '.tmp'));
    expect(await allKeys()).toEqual([]);
    fs.writeFileSync(target.path, 'zip bytes');
    const blob = await target.commit();
    expect(await read(await store.openRead(blob.key))).toBe('zip bytes');
    expect(fs.existsSync(target.path)).toBe(false);
    await target.discard(); // after commit: a no-op, the blob stays
    expect(await allKeys()).toEqual([blob.key]);
  });

  it('when a streamed write is discarded, then nothing is visible', async () => {
    const target = await store.createWriteTarget();
    fs.writeFileSync(target.path, 'half a zip');
    await target.discard();
    expect(fs.existsSync(target.path)).toBe(false);
    expect(await allKeys()).toEqual([]);
    await expect(target.commit()).rejects.toThrow(/discarded/);
  });

  it('when write targets are abandoned, then sweepTemp removes the old ones only', async () => {
    const old = await store.createWriteTarget();
    const fresh = await store.createWriteTarget();
    const past = new Date(Date.now() - 3600_000);
    fs.utimesSync(old.path, past, past);
    expect(await store.sweepTemp(60_000)).toBe(1);
    expect(fs.existsSync(old.path)).toBe(false);
    expect(fs.existsSync(fresh.path)).toBe(true);
    expect(await store.sweepTemp(0)).toBe(1);
  });
});

describe('delete and list', () => {
  it('when blobs are deleted, then they are gone, folders included, and deleting again is fine', async () => {
    const file = await store.putFile(writeSource('a.txt', 'a'));
    writeSource('d/x.ts', 'x');
    const dir = await store.putDir(path.join(tmp, 'src', 'd'));
    expect(await allKeys()).toEqual([file.key, dir.key].sort());
    await store.delete(dir.key);
    await store.delete(dir.key);
    expect(await allKeys()).toEqual([file.key]);
    expect(await store.stat(dir.key, 'x.ts')).toBeNull();
    await expect(store.openRead(dir.key, 'x.ts')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('when the store is empty or holds foreign files, then listKeys yields only keys', async () => {
    expect(await allKeys()).toEqual([]);
    fs.mkdirSync(path.join(root, 'ab'), { recursive: true });
    fs.writeFileSync(path.join(root, 'ab', 'notes.txt'), '');
    fs.writeFileSync(path.join(root, 'ab', 'cd'.repeat(16)), ''); // wrong shard for its name
    expect(await allKeys()).toEqual([]);
  });

  it('when a key is not a generated id, then it is refused', async () => {
    await expect(store.delete('../../etc')).rejects.toThrow(/Invalid blob key/);
    expect(() => store.localPath('ab/../../x')).toThrow(/Invalid blob key/);
  });
});

describe('inner paths', () => {
  it.each([
    ['../outside.txt', /\.\./],
    ['stream_0/../../x', /\.\./],
    ['/etc/passwd', /absolute/],
    ['C:/Windows/x', /absolute/],
    ['a\\..\\b', /backslash/],
    ['a\0b', /NUL/],
    ['%2e%2e/x', /percent-encoded/],
    ['a/%252e%252e/b', /percent-encoded/],
    ['..%2fx', /percent-encoded/],
    ['a//b', /segment/],
    ['./a', /segment/],
    ['', /empty/],
  ])('when the inner path is %j, then it is refused with a clear reason', async (inner, reason) => {
    writeSource('d/index.m3u8', '#EXTM3U');
    const blob = await store.putDir(path.join(tmp, 'src', 'd'));
    for (const call of [() => store.localPath(blob.key, inner), () => store.stat(blob.key, inner), () => store.openRead(blob.key, inner)]) {
      const err = await (async () => call())().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(InvalidBlobPathError);
      expect((err as Error).message).toMatch(reason);
    }
  });

  it('when the inner path is a plain name with a literal percent sign, then it is accepted', async () => {
    writeSource('d/100%.ts', 'x');
    const blob = await store.putDir(path.join(tmp, 'src', 'd'));
    expect(await store.stat(blob.key, '100%.ts')).toMatchObject({ sizeBytes: 1 });
  });
});
