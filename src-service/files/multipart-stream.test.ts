import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, readMultipart, type PartInfo } from './multipart-stream';

const B = 'XyZ123';

function form(parts: { headers: string; body: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('preamble ignored\r\n')];
  for (const p of parts) chunks.push(Buffer.from(`--${B}\r\n${p.headers}\r\n\r\n`), Buffer.from(p.body), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${B}--\r\n`));
  return Buffer.concat(chunks);
}

/** Feeds `data` in chunks of `size` bytes and gathers every part. */
async function parse(data: Buffer, size: number): Promise<{ info: PartInfo; body: Buffer }[]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
  const parts: { info: PartInfo; body: Buffer[] }[] = [];
  await readMultipart(Readable.from(chunks), B, (info) => {
    const part = { info, body: [] as Buffer[] };
    parts.push(part);
    return { write: (c) => void part.body.push(Buffer.from(c)), end: () => undefined };
  });
  return parts.map((p) => ({ info: p.info, body: Buffer.concat(p.body) }));
}

describe('readMultipart', () => {
  // Bytes that look like a boundary without being one, CRLFs and dashes inside the file.
  const tricky = Buffer.concat([Buffer.from(`a\r\n--${B.slice(0, 4)}\r\n--\r\n`), Buffer.alloc(3000, 7), Buffer.from(`\r\n-${B}`)]);
  const data = form([
    { headers: 'Content-Disposition: form-data; name="note"', body: 'hello' },
    { headers: 'Content-Disposition: form-data; name="upload_file"; filename="my clip.mp4"\r\nContent-Type: video/mp4', body: tricky },
  ]);

  it.each([1, 2, 7, 64, 4096, data.length])('when the body arrives in chunks of %i bytes, then every part is exact', async (size) => {
    const parts = await parse(data, size);
    expect(parts.map((p) => p.info)).toEqual([
      { name: 'note', filename: null, contentType: null },
      { name: 'upload_file', filename: 'my clip.mp4', contentType: 'video/mp4' },
    ]);
    expect(parts[0]?.body.toString()).toBe('hello');
    expect(parts[1]?.body.equals(tricky)).toBe(true);
  });

  it('when a file name is given as RFC 5987 filename*, then it is decoded', async () => {
    const parts = await parse(form([{ headers: `Content-Disposition: form-data; name="file"; filename="x"; filename*=UTF-8''caf%C3%A9.mp3`, body: 'x' }]), 5);
    expect(parts[0]?.info.filename).toBe('café.mp3');
  });

  it('when the closing boundary never comes, then a MultipartError says so', async () => {
    const cut = data.subarray(0, data.length - 20);
    await expect(parse(cut, 100)).rejects.toBeInstanceOf(MultipartError);
  });

  it('when a part lacks Content-Disposition, then a MultipartError', async () => {
    await expect(parse(form([{ headers: 'Content-Type: text/plain', body: 'x' }]), 100)).rejects.toThrow(/Content-Disposition/);
  });

  it('boundaryOf reads quoted and bare boundaries, and only of multipart/form-data', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
