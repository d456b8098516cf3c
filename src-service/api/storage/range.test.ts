import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

describe('parseRange', () => {
  it('when no header is sent, then the whole body is served', () => {
    expect(parseRange('', 100)).toBeNull();
  });
  it('when a closed range is asked, then exactly those bytes are served', () => {
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
  });
  it('when the range is open-ended or runs past the end, then it stops at the last byte', () => {
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
  });
  it('when a suffix range is asked, then the last bytes are served', () => {
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
  });
  it('when the range starts past the end, then it is unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
  });
  it('when the header is malformed or multi-range, then it is ignored', () => {
    expect(parseRange('bytes=1-2,5-6', 100)).toBeNull();
    expect(parseRange('items=1-2', 100)).toBeNull();
  });
});
