import { describe, expect, it } from 'vitest';
import type { Command } from './commands-repo';
import { fairShare, pickNext } from './scheduler';

let seq = 0;
const row = (account: string, vcpu = 1): Command => ({ id: `c${++seq}`, accountId: account, vcpuCount: vcpu }) as Command;

describe('pickNext (fair share between accounts)', () => {
  it('when one account is alone, then it may use the whole budget', () => {
    const a = row('A');
    expect(pickNext([a], new Map([['A', 3]]), 3, 4)).toBe(a);
  });

  it('when another account waits, then the account using fewer vCPUs goes first, whatever the queue order', () => {
    const a = row('A');
    const b = row('B');
    expect(pickNext([a, b], new Map([['A', 1]]), 1, 2)).toBe(b);
  });

  it('when accounts use as many vCPUs, then the one served longest ago goes first, whatever the queue order', () => {
    const a = row('A');
    const b = row('B');
    // Both of A's commands just ended together: A and B run nothing, but A was served last.
    expect(pickNext([a, b], new Map(), 0, 2, new Map([['A', 7]]))).toBe(b);
    expect(
      pickNext(
        [a, b],
        new Map(),
        0,
        2,
        new Map([
          ['A', 3],
          ['B', 5],
        ]),
      ),
    ).toBe(a);
  });

  it('when an account is at its fair share and another waits for room, then it does not start more', () => {
    const a = row('A');
    const b = row('B', 2);
    // B's 2-vCPU command does not fit yet: it waits, and A (already at 1 = 2/2) does not take the last core.
    expect(pickNext([a, b], new Map([['A', 1]]), 1, 2)).toBeNull();
  });

  it('when an account runs nothing, then its command may start even if larger than an equal share', () => {
    const b = row('B', 4);
    expect(pickNext([b, row('A')], new Map(), 0, 4)).toBe(b);
  });

  it('when the fairest command does not fit, then nothing overtakes it', () => {
    const big = row('B', 4);
    expect(
      pickNext(
        [row('A'), big],
        new Map([
          ['A', 1],
          ['C', 2],
        ]),
        3,
        4,
      ),
    ).toBeNull();
  });

  it('fair share is an equal split of at least one vCPU', () => {
    expect(fairShare(8, 3)).toBe(2);
    expect(fairShare(2, 5)).toBe(1);
    expect(fairShare(4, 0)).toBe(4);
  });
});
