import type { Readable } from 'node:stream';

/**
 * A streaming reader of `multipart/form-data` (RFC 7578): the body is scanned chunk by
 * chunk for the boundary, so a file part goes to its sink as it arrives and the body is
 * never held whole in memory. Only what is needed here: part headers, the field name and
 * file name of `Content-Disposition`, and the part bytes.
 */

/** A form that cannot be read (broken framing, headers too long); becomes a 422. */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

export interface PartInfo {
  name: string;
  filename: string | null;
  contentType: string | null;
}

/** What to do with one part's bytes: `write` may return a promise (backpressure); `end` closes it. */
export interface PartSink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

const MAX_HEADER_BYTES = 16 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` Content-Type, or null when it is not one. */
export function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? ((m[1] ?? m[2]) as string) : null;
}

/** Reads every part of `body`, handing each to the sink `onPart` returns (null: the part is skipped). */
export async function readMultipart(body: Readable, boundary: string, onPart: (info: PartInfo) => PartSink | null): Promise<void> {
  const first = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = Buffer.alloc(0);
  let state = 'preamble' as 'preamble' | 'after-boundary' | 'headers' | 'body' | 'done';
  let sink: PartSink | null = null;

  const step = async (): Promise<boolean> => {
    if (state === 'preamble') {
      const at = buf.indexOf(first);
      if (at === -1) return false;
      buf = buf.subarray(at + first.length);
      state = 'after-boundary';
      return true;
    }
    if (state === 'after-boundary') {
      if (buf.length < 2) return false;
      const two = buf.subarray(0, 2).toString('latin1');
      if (two === '--') state = 'done';
      else if (two === '\r\n') state = 'headers';
      else throw new MultipartError('Malformed multipart body: a boundary is followed by neither CRLF nor "--"');
      buf = buf.subarray(2);
      return true;
    }
    if (state === 'headers') {
      const at = buf.indexOf(HEADER_END);
      if (at === -1) {
        if (buf.length > MAX_HEADER_BYTES) throw new MultipartError('Multipart part headers are too long');
        return false;
      }
      sink = onPart(parsePartHeaders(buf.subarray(0, at).toString('utf8')));
      buf = buf.subarray(at + HEADER_END.length);
      state = 'body';
      return true;
    }
    if (state === 'body') {
      const at = buf.indexOf(delimiter);
      const safe = at === -1 ? Math.max(0, buf.length - delimiter.length + 1) : at;
      if (safe > 0 && sink) await sink.write(buf.subarray(0, safe));
      if (at === -1) {
        buf = buf.subarray(safe);
        return false;
      }
      if (sink) await sink.end();
      sink = null;
      buf = buf.subarray(at + delimiter.length);
      state = 'after-boundary';
      return true;
    }
    return false;
  };

  for await (const chunk of body) {
    buf = buf.length === 0 ? (chunk as Buffer) : Buffer.concat([buf, chunk as Buffer]);
    while (state !== 'done' && (await step()));
    if (state === 'done') break;
  }
  if (state !== 'done') throw new MultipartError('Incomplete multipart body: the closing boundary never came');
}

function parsePartHeaders(text: string): PartInfo {
  let disposition = '';
  let contentType: string | null = null;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    if (key === 'content-type') contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError('A multipart part has no Content-Disposition: form-data header');
  const name = dispositionParam(disposition, 'name');
  if (name === null) throw new MultipartError('A multipart part has no field name');
  return { name, filename: dispositionParam(disposition, 'filename'), contentType };
}

/** `name="a"`, `name=a` or RFC 5987 `filename*=UTF-8''a%20b` (preferred when present). */
function dispositionParam(disposition: string, key: string): string | null {
  const extended = new RegExp(`;\\s*${key}\\*=(?:UTF-8|utf-8)''([^;]*)`).exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1] as string);
    } catch {
      /* fall back to the plain parameter */
    }
  }
  // Browsers send a backslash as it is (a Windows path) and a quote as %22: no escapes to undo.
  const m = new RegExp(`;\\s*${key}=(?:"([^"]*)"|([^;\\s]*))`).exec(disposition);
  if (!m) return null;
  return m[1] ?? (m[2] as string);
}
