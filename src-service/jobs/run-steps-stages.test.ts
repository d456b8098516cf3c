import { describe, expect, it } from 'vitest';
import { stagesOf } from './run-steps';

describe('stagesOf', () => {
  it('groups steps by stage, stages in order', () =>
    expect(stagesOf(5, [0, 0, 0, 1, 1])).toEqual([
      [0, 1, 2],
      [3, 4],
    ]));
  it('without stages (or a list of another length) every step runs alone, in order', () => {
    expect(stagesOf(3, undefined)).toEqual([[0], [1], [2]]);
    expect(stagesOf(3, [0, 1])).toEqual([[0], [1], [2]]);
  });
});
