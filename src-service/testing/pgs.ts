/**
 * A Blu-ray subtitle stream (PGS, a `.sup` file) written byte by byte: ffmpeg decodes PGS but has
 * no encoder for it, and tests need picture-based subtitles made at test time. Each event is an
 * epoch-start display set (composition, window, palette, one run-length-coded object) at its
 * start and a clearing display set at its end; event k's object is 2(k + 1) lines high, so the
 * packets tell the events apart by size.
 */
export interface PgsEvent {
  start: number;
  end: number;
}

const WIDTH = 16;

function segment(seconds: number, type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(13);
  head.write('PG', 0, 'latin1');
  const t = Math.round(seconds * 90_000);
  head.writeUInt32BE(t, 2); // PTS
  head.writeUInt32BE(t, 6); // DTS
  head.writeUInt8(type, 10);
  head.writeUInt16BE(data.length, 11);
  return Buffer.concat([head, data]);
}

const bytes = (...parts: [number, 1 | 2 | 3 | 4][]) => {
  const out = Buffer.alloc(parts.reduce((n, [, size]) => n + size, 0));
  let at = 0;
  for (const [value, size] of parts) {
    out.writeUIntBE(value, at, size);
    at += size;
  }
  return out;
};

function window(): Buffer {
  return bytes([1, 1], [0, 1], [10, 2], [10, 2], [WIDTH, 2], [16, 2]);
}

function show(at: number, composition: number, lines: number, frame: { width: number; height: number }): Buffer {
  // Composition: size, frame rate code, number, state 0x80 (epoch start), no palette update, palette 0, one object at (10, 10).
  const pcs = bytes(
    [frame.width, 2],
    [frame.height, 2],
    [0x10, 1],
    [composition, 2],
    [0x80, 1],
    [0, 1],
    [0, 1],
    [1, 1],
    [0, 2],
    [0, 1],
    [0, 1],
    [10, 2],
    [10, 2],
  );
  const pds = bytes([0, 1], [0, 1], [1, 1], [235, 1], [128, 1], [128, 1], [255, 1]);
  // Each line: WIDTH pixels of colour 1 (00, 0x80 | run, colour), then the end of line (00 00).
  const line = Buffer.from([0, 0x80 | WIDTH, 1, 0, 0]);
  const rle = Buffer.concat(Array.from({ length: lines }, () => line));
  const ods = Buffer.concat([bytes([0, 2], [0, 1], [0xc0, 1], [rle.length + 4, 3], [WIDTH, 2], [lines, 2]), rle]);
  return Buffer.concat([
    segment(at, 0x16, pcs),
    segment(at, 0x17, window()),
    segment(at, 0x14, pds),
    segment(at, 0x15, ods),
    segment(at, 0x80, Buffer.alloc(0)),
  ]);
}

function clear(at: number, composition: number, frame: { width: number; height: number }): Buffer {
  const pcs = bytes([frame.width, 2], [frame.height, 2], [0x10, 1], [composition, 2], [0, 1], [0, 1], [0, 1], [0, 1]);
  return Buffer.concat([segment(at, 0x16, pcs), segment(at, 0x17, window()), segment(at, 0x80, Buffer.alloc(0))]);
}

/** The `.sup` bytes of `events` on a picture of `frame` pixels. Mux with `-copyts`, or ffmpeg moves the first event to zero. */
export function pgsStream(events: readonly PgsEvent[], frame = { width: 160, height: 90 }): Buffer {
  return Buffer.concat(events.flatMap((e, k) => [show(e.start, 2 * k, 2 * (k + 1), frame), clear(e.end, 2 * k + 1, frame)]));
}
