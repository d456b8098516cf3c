import { describe, expect, it } from 'vitest';
import { parseArgs } from 'node:util';
import { normalizeArgs } from './args';

describe('CLI argument normalisation', () => {
  it('when the ffmpeg string and --chain values start with a dash, then they stay a positional and values', () => {
    const args = normalizeArgs(['-i {{in_1}} {{out_1}}', '--in', 'in_1=./a.mp4', '--chain', '-i {{out_1}} {{out_2}}', '--wait'], ['in', 'chain']);
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { in: { type: 'string', multiple: true }, chain: { type: 'string', multiple: true }, wait: { type: 'boolean' } },
    });
    expect(positionals).toEqual(['-i {{in_1}} {{out_1}}']);
    expect(values).toEqual({ in: ['in_1=./a.mp4'], chain: ['-i {{out_1}} {{out_2}}'], wait: true });
  });

  it('when --opt=value or -- is used already, then it is kept as is', () => {
    expect(normalizeArgs(['--out=out_1=a.mp4', '--', '--weird'], ['out'])).toEqual(['--out=out_1=a.mp4', '--', '--weird']);
  });
});
