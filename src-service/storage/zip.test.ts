import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobFailure } from '../errors';
import { extractZip, writeZip, type ZipLimits } from './zip';
import { buildZip, type RawEntry } from '../testing/zip-builder';

const LIMITS: ZipLimits = { maxTotalBytes: 100 * 1024 * 1024, maxEntries: 100, maxRatio: 200 };
let tmp: string;
let dest: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-zip-'));
  dest = path.join(tmp, 'jobs', 'work'); // does not exist yet, like a job's work folder
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function writeTree(dir: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
}

function zipOf(entries: RawEntry[]): string {
  const p = path.join(tmp, `in-${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(p, buildZip(entries));
  return p;
}

/** Every path under tmp except the input zips. */
function tmpTree(): string[] {
  return (fs.readdirSync(tmp, { recursive: true }) as string[]).filter((p) => !p.endsWith('.zip')).sort();
}

async function refused(zipPath: string, reason: RegExp, limits = LIMITS): Promise<void> {
  const err = await extractZip(zipPath, dest, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(JobFailure);
  expect((err as JobFailure).status).toBe('INVALID_INPUT_FILE');
  expect((err as Error).message).toMatch(reason);
  expect(tmpTree(), 'nothing is left behind, inside or outside').toEqual([]);
}

function methodsOf(zipPath: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: false }, (err, zip) => {
      if (err) return reject(err);
      const methods: Record<string, number> = {};
      zip.on('entry', (e: yauzl.Entry) => (methods[e.fileName] = e.compressionMethod));
      zip.on('end', () => resolve(methods));
      zip.on('error', reject);
    });
  });
}

describe('writeZip and extractZip', () => {
  it('when a folder is zipped and extracted, then the files come back; media is stored, text deflated', async () => {
    const src = path.join(tmp, 'src');
    const files = { 'index.m3u8': '#EXTM3U\n'.repeat(100), 'v/seg_001.ts': Buffer.alloc(5000, 3), 'thumb.JPG': 'jpg' };
    writeTree(src, files);
    const zipPath = path.join(tmp, 'out.zip');
    const written = await writeZip(src, Object.keys(files), zipPath);
    expect(written).toMatchObject({ fileCount: 3, uncompressedBytes: 800 + 5000 + 3, compressedBytes: fs.statSync(zipPath).size });
    expect(await methodsOf(zipPath)).toEqual({ 'index.m3u8': 8, 'v/seg_001.ts': 0, 'thumb.JPG': 0 });
    const got = await extractZip(zipPath, dest, LIMITS);
    expect(got).toEqual({ files: ['index.m3u8', 'v/seg_001.ts', 'thumb.JPG'], totalBytes: 5803 });
    for (const [rel, content] of Object.entries(files)) expect(fs.readFileSync(path.join(dest, rel))).toEqual(Buffer.from(content));
  });

  it('when a zip has directory entries, then the folders are created', async () => {
    const zipPath = zipOf([
      { name: 'frames/', mode: 0o040755 },
      { name: 'frames/empty/', mode: 0o040755 },
      { name: 'frames/1.png', data: 'p' },
    ]);
    expect((await extractZip(zipPath, dest, LIMITS)).files).toEqual(['frames/1.png']);
    expect(fs.statSync(path.join(dest, 'frames', 'empty')).isDirectory()).toBe(true);
  });

  it('when a source file is missing or the zip cannot be written, then it fails and leaves no zip', async () => {
    writeTree(path.join(tmp, 'src'), { 'a.txt': 'a' });
    await expect(writeZip(path.join(tmp, 'src'), ['a.txt', 'gone.txt'], path.join(tmp, 'o.zip'))).rejects.toThrow(/gone.txt does not exist/);
    await expect(writeZip(path.join(tmp, 'src'), ['a.txt'], path.join(tmp, 'no-dir', 'o.zip'))).rejects.toThrow(/ENOENT/);
    expect(fs.existsSync(path.join(tmp, 'o.zip'))).toBe(false);
  });

  it('when a path given to writeZip climbs out, then it is refused and no zip is written', async () => {
    writeTree(path.join(tmp, 'src'), { 'a.txt': 'a' });
    await expect(writeZip(path.join(tmp, 'src'), ['../x'], path.join(tmp, 'o.zip'))).rejects.toThrow(/\.\./);
    expect(fs.existsSync(path.join(tmp, 'o.zip'))).toBe(false);
  });
});

describe('extractZip refuses hostile archives', () => {
  it.each([
    ['a parent-directory name', '../evil.txt', /outside the folder/],
    ['a nested climb', 'a/../../evil.txt', /outside the folder/],
    ['an absolute path', '/tmp/evil.txt', /absolute path/],
    ['a drive letter', 'C:/evil.txt', /drive letter/],
    ['a backslash climb', '..\\evil.txt', /backslash/],
    ['a NUL byte', 'evil.txt\0.png', /control character/],
    ['an empty segment', 'a//b.txt', /unsafe path/],
  ])('when an entry has %s, then it is refused', async (_what, name, reason) => {
    await refused(
      zipOf([
        { name: 'ok.txt', data: 'fine' },
        { name, data: 'pwned' },
      ]),
      reason,
    );
    expect(fs.existsSync(path.join(tmp, 'jobs', 'evil.txt'))).toBe(false);
  });

  it('when an entry is a symbolic link, then it is refused', async () => {
    await refused(zipOf([{ name: 'link', data: '/etc/passwd', mode: 0o120777, method: 0 }]), /symbolic link/);
  });

  it('when an entry is a device or fifo, then it is refused', async () => {
    await refused(zipOf([{ name: 'pipe', mode: 0o010644 }]), /not a regular file/);
  });

  it('when two entries have the same name, then it is refused', async () => {
    await refused(
      zipOf([
        { name: 'a.txt', data: '1' },
        { name: 'a.txt', data: '2' },
      ]),
      /duplicate entry "a.txt"/,
    );
  });

  it('when two entries differ only by case, then it is refused', async () => {
    await refused(
      zipOf([
        { name: 'Clip.mp4', data: '1' },
        { name: 'clip.MP4', data: '2' },
      ]),
      /ignoring case/,
    );
  });

  it('when a file and a folder share a name, then it is refused', async () => {
    await refused(
      zipOf([
        { name: 'a', data: '1' },
        { name: 'a/b.txt', data: '2' },
      ]),
      /clashes/,
    );
  });

  it('when there are too many entries, then it is refused before extracting', async () => {
    const entries = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.txt`, data: 'x' }));
    await refused(zipOf(entries), /too many entries \(6, the limit is 5\)/, { ...LIMITS, maxEntries: 5 });
  });

  it('when the files add up to more than the limit, then it is refused', async () => {
    const entries = Array.from({ length: 4 }, (_, i) => ({ name: `${i}.bin`, data: Buffer.alloc(1000, i), method: 0 as const }));
    await refused(zipOf(entries), /larger than the limit of 3000 bytes/, { ...LIMITS, maxTotalBytes: 3000 });
  });

  it('when 50 MB of zeros are deflated into a tiny entry, then the bomb is refused', async () => {
    await refused(zipOf([{ name: 'zeros.bin', data: Buffer.alloc(50 * 1024 * 1024) }]), /decompression bomb/);
  });

  it('when a bomb lies about its size in the headers, then the bytes written are what count', async () => {
    const liar = zipOf([{ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 1000 }]);
    await refused(liar, /Invalid zip/, { ...LIMITS, maxRatio: 1e9 });
  });

  it('when the bytes are not a zip, then it is refused', async () => {
    const p = path.join(tmp, 'junk.zip');
    fs.writeFileSync(p, Buffer.from('this is not a zip archive at all, just text'.repeat(20)));
    await refused(p, /not a readable zip/);
  });

  it('when the zip is truncated, then it is refused', async () => {
    const whole = buildZip([
      { name: 'a.txt', data: 'a'.repeat(5000) },
      { name: 'b.txt', data: 'b' },
    ]);
    const p = path.join(tmp, 'cut.zip');
    fs.writeFileSync(p, whole.subarray(0, whole.length - 30));
    await refused(p, /Invalid zip/);
  });

  it('when entry data is corrupt, then it is refused and the partial file removed', async () => {
    const whole = buildZip([{ name: 'a.txt', data: 'hello hello hello hello' }]);
    whole.fill(0xff, 30 + 'a.txt'.length, 30 + 'a.txt'.length + 4); // garble the deflate stream
    const p = path.join(tmp, 'bad.zip');
    fs.writeFileSync(p, whole);
    await refused(p, /Invalid zip/);
  });

  it('when the destination already holds files, then a failure removes only what it extracted', async () => {
    writeTree(dest, { 'keep.txt': 'mine' });
    const err = await extractZip(
      zipOf([
        { name: 'new.txt', data: 'x' },
        { name: 'sub/n.txt', data: 'y' },
        { name: '../evil', data: 'z' },
      ]),
      dest,
      LIMITS,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobFailure);
    expect(fs.readdirSync(dest)).toEqual(['keep.txt']);
  });
});
