import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentHashOf } from '../client/content-hash';
import { CONTENT_HASH_BLOCK } from '../contract/content-hash';
import { contentHashOfFile } from './content-hash';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-hash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fileOf(name: string, bytes: Buffer): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return p;
}

const sha = (b: Buffer | Uint8Array) => crypto.createHash('sha256').update(b).digest();

describe('content hash', () => {
  it.each([
    ['empty', 0],
    ['small', 1000],
    ['exactly one block', CONTENT_HASH_BLOCK],
    ['two blocks and a bit', 2 * CONTENT_HASH_BLOCK + 7],
  ])('when a file is %s, then the service and the client (Web Crypto over a Blob) agree, as blocks hashed twice', async (name, size) => {
    const bytes = crypto.randomBytes(size);
    const file = fileOf(`${name}.bin`, bytes);
    const blocks: Buffer[] = [];
    for (let at = 0; at < size || blocks.length === 0; at += CONTENT_HASH_BLOCK) blocks.push(sha(bytes.subarray(at, at + CONTENT_HASH_BLOCK)));
    const expected = sha(Buffer.concat(blocks)).toString('hex');
    expect(await contentHashOfFile(file)).toBe(expected);
    expect(await contentHashOf(await fs.openAsBlob(file))).toBe(expected);
  });

  it('when one byte differs, then the hash differs', async () => {
    const bytes = crypto.randomBytes(5000);
    const a = await contentHashOfFile(fileOf('a.bin', bytes));
    bytes[4000] = bytes[4000]! ^ 1;
    expect(await contentHashOfFile(fileOf('b.bin', bytes))).not.toBe(a);
  });
});
