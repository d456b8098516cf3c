import zlib from 'node:zlib';

/**
 * A tiny zip writer for tests, able to write what real tools refuse to: `../` names,
 * absolute paths, symlinks, duplicates and lying size headers.
 */
export interface RawEntry {
  name: string;
  data?: Buffer | string;
  /** 0 = stored, 8 = deflated (default). */
  method?: 0 | 8;
  /** Unix mode (type + permissions), written to the high half of externalFileAttributes. */
  mode?: number;
  /** Overrides the uncompressed size written in the headers. */
  declaredSize?: number;
}

export function buildZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    const method = e.method ?? 8;
    const body = method === 8 ? zlib.deflateRawSync(data) : data;
    const name = Buffer.from(e.name, 'utf8');
    const fields = { method, crc: zlib.crc32(data), csize: body.length, usize: e.declaredSize ?? data.length, name };
    const local = localHeader(fields);
    locals.push(local, body);
    centrals.push(centralHeader(fields, (e.mode ?? 0o100644) << 16, offset));
    offset += local.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endRecord(entries.length, cd.length, offset)]);
}

interface Fields {
  method: number;
  crc: number;
  csize: number;
  usize: number;
  name: Buffer;
}

function localHeader(f: Fields): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4); // version needed
  h.writeUInt16LE(0x0800, 6); // UTF-8 names
  h.writeUInt16LE(f.method, 8);
  h.writeUInt16LE(0, 10); // time
  h.writeUInt16LE(0x21, 12); // date: 1980-01-01
  h.writeUInt32LE(f.crc, 14);
  h.writeUInt32LE(f.csize, 18);
  h.writeUInt32LE(f.usize, 22);
  h.writeUInt16LE(f.name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, f.name]);
}

function centralHeader(f: Fields, externalAttributes: number, localOffset: number): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(0x0800, 8);
  h.writeUInt16LE(f.method, 10);
  h.writeUInt16LE(0, 12);
  h.writeUInt16LE(0x21, 14);
  h.writeUInt32LE(f.crc, 16);
  h.writeUInt32LE(f.csize, 20);
  h.writeUInt32LE(f.usize, 24);
  h.writeUInt16LE(f.name.length, 28);
  h.writeUInt32LE(externalAttributes >>> 0, 38);
  h.writeUInt32LE(localOffset, 42);
  return Buffer.concat([h, f.name]);
}

function endRecord(count: number, cdSize: number, cdOffset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(cdSize, 12);
  h.writeUInt32LE(cdOffset, 16);
  return h;
}
