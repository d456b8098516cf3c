import { describe, expect, it } from 'vitest';
import { stopInStages, type StopStage } from './stop-stages';

describe('stopInStages', () => {
  it('when a stage never ends, then stopping returns at the deadline, names it with what it waits for, and still stops the stages after it', async () => {
    const order: string[] = [];
    const lines: string[] = [];
    const stages: StopStage[] = [
      { name: 'first', stop: async () => void order.push('first') },
      { name: 'stuck', stop: () => (order.push('stuck'), new Promise<void>(() => undefined)), waitingFor: () => 'command 4735' },
      { name: 'last', stop: async () => void order.push('last') },
    ];
    await stopInStages(stages, Date.now() + 50, (l) => lines.push(l));
    expect(order).toEqual(['first', 'stuck', 'last']);
    expect(lines).toEqual([expect.stringMatching(/^gave up waiting for stuck \(command 4735\)/)]);
  });

  it('when the deadline has passed, then every stage is still asked to stop (its work is aborted) but none is awaited', async () => {
    const asked: string[] = [];
    const never = (name: string): StopStage => ({ name, stop: () => (asked.push(name), new Promise<void>(() => undefined)) });
    const lines: string[] = [];
    await stopInStages([never('a'), never('b')], Date.now() - 1, (l) => lines.push(l));
    expect(asked).toEqual(['a', 'b']);
    expect(lines).toHaveLength(2);
  });

  it('when a stage fails, then it is named and the next stages still stop', async () => {
    const lines: string[] = [];
    let lastStopped = false;
    await stopInStages(
      [
        { name: 'broken', stop: () => Promise.reject(new Error('boom')) },
        { name: 'next', stop: async () => void (lastStopped = true) },
      ],
      Date.now() + 10_000,
      (l) => lines.push(l),
    );
    expect(lines).toEqual(['stopping broken failed: boom']);
    expect(lastStopped).toBe(true);
  });
});
