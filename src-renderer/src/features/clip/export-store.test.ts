import { describe, expect, it } from 'vitest';
import { parseKeptExport } from './export-store';

const kept = {
  mode: 'reencode',
  join: false,
  filename: 'intro.mov',
  segmentSeconds: 30,
  encode: { shortSide: 720, quality: 'small', gifFps: null },
  last: { commandId: 'c0ffee-12', requestKey: '{"input":"f1"}' },
};

describe('the export panel kept per file', () => {
  it('reads back what was kept', () => {
    expect(parseKeptExport(JSON.stringify({ ...kept, savedAt: 1 }))).toEqual(kept);
  });

  it("keeps the source's size, chosen, apart from no choice (a GIF's 480p default)", () => {
    const asSource = { ...kept, encode: { ...kept.encode, shortSide: 0 } };
    expect(parseKeptExport(JSON.stringify(asSource))?.encode.shortSide).toBe(0);
  });

  it('drops what is not one of its values, keeping the rest', () => {
    const odd = { ...kept, segmentSeconds: -3, encode: { shortSide: 'big', quality: 'ultra', gifFps: 0 }, last: { commandId: '../x', requestKey: '{}' } };
    expect(parseKeptExport(JSON.stringify(odd))).toEqual({
      ...kept,
      segmentSeconds: null,
      encode: { shortSide: null, quality: 'high', gifFps: 12 },
      last: null,
    });
  });

  it.each([
    ['no entry', null],
    ['not JSON', '{'],
    ['an unknown mode', JSON.stringify({ ...kept, mode: 'fast' })],
    ['no layout', JSON.stringify({ ...kept, join: 'yes' })],
  ])('%s is no entry', (_name, text) => {
    expect(parseKeptExport(text)).toBeNull();
  });
});
