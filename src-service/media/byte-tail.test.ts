import { describe, expect, it } from 'vitest';
import { ByteTail } from './byte-tail';
import { createLineSplitter } from './line-splitter';

describe('ByteTail', () => {
  it('when less than the limit arrives, then it keeps everything', () => {
    const tail = new ByteTail(100);
    tail.push(Buffer.from('hello '));
    tail.push(Buffer.from('world'));
    expect(tail.toString()).toBe('hello world');
    expect(tail.isTruncated).toBe(false);
  });

  it('when much more than the limit arrives, then it keeps only the last bytes', () => {
    const tail = new ByteTail(10);
    for (let i = 0; i < 1000; i++) tail.push(Buffer.from(`line ${i}\n`));
    expect(tail.toString()).toBe('\nline 999\n'.slice(-10));
    expect(tail.isTruncated).toBe(true);
  });

  it('never starts in the middle of a multi-byte character', () => {
    const tail = new ByteTail(5);
    tail.push(Buffer.from('ab€€')); // € is 3 bytes: the last 5 bytes start inside the first €
    expect(tail.toString()).toBe('€');
    const emoji = new ByteTail(6);
    emoji.push(Buffer.from('x😀😀')); // 4-byte characters
    expect(emoji.toString()).toBe('😀');
  });

  it('stays bounded while chunks keep coming', () => {
    const tail = new ByteTail(1024);
    const chunk = Buffer.alloc(4096, 'a');
    for (let i = 0; i < 1000; i++) tail.push(chunk);
    expect(Buffer.byteLength(tail.toString())).toBe(1024);
  });
});

describe('createLineSplitter', () => {
  it('splits on \\n and \\r\\n across chunks and keeps split characters whole', () => {
    const lines: string[] = [];
    const splitter = createLineSplitter((l) => lines.push(l));
    const bytes = Buffer.from('frame=1\r\nout_time=00:00:01.000000\nnote=€ done');
    for (const b of bytes) splitter.push(Buffer.from([b])); // one byte at a time
    expect(lines).toEqual(['frame=1', 'out_time=00:00:01.000000']);
    splitter.end();
    expect(lines).toEqual(['frame=1', 'out_time=00:00:01.000000', 'note=€ done']);
  });

  it('cuts a line that never ends', () => {
    const lines: string[] = [];
    const splitter = createLineSplitter((l) => lines.push(l), 100);
    splitter.push(Buffer.alloc(250, 'x'));
    expect(lines).toEqual(['x'.repeat(250)]);
    splitter.push(Buffer.alloc(50, 'y'));
    splitter.end();
    expect(lines.at(-1)).toBe('y'.repeat(50));
  });
});
