/**
 * Keeps only the last `limit` bytes of a stream (ffmpeg's stderr can be endless with
 * `-loglevel debug` or a long run). Memory stays under ~2 x limit + one chunk: chunks are
 * kept as they come and compacted once they pass twice the limit.
 */
export class ByteTail {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private dropped = false;

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`ByteTail limit must be a non-negative integer, got ${limit}`);
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes > 2 * this.limit) this.compact();
  }

  /** True once anything was thrown away: the text is then a tail, not the whole output. */
  get isTruncated(): boolean {
    return this.dropped || this.bytes > this.limit;
  }

  /** The last bytes as text, starting at a UTF-8 character boundary (never half a character). */
  toString(): string {
    const all = Buffer.concat(this.chunks, this.bytes);
    const tail = all.subarray(Math.max(0, all.length - this.limit));
    const cut = this.isTruncated ? firstCharBoundary(tail) : 0;
    return tail.subarray(cut).toString('utf8');
  }

  private compact(): void {
    const all = Buffer.concat(this.chunks, this.bytes);
    // Copy, so the big concatenated buffer can be garbage-collected.
    const kept = Buffer.from(all.subarray(all.length - this.limit));
    this.chunks = [kept];
    this.bytes = kept.length;
    this.dropped = true;
  }
}

/** Index of the first byte that is not a UTF-8 continuation byte (0b10xxxxxx); at most 3 skipped. */
function firstCharBoundary(buf: Buffer): number {
  let i = 0;
  while (i < buf.length && i < 4 && ((buf[i] ?? 0) & 0xc0) === 0x80) i++;
  return i;
}
