import { describe, expect, it } from 'vitest';
import { CancelledError, ShutdownError } from '../errors';
import { createWorkQueue, type WorkQueueOptions, type WorkSource } from './work-queue';
import { fifoSource, periodicSource } from './sources';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** A handler step the test releases by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function queueOf(source: WorkSource<string>, handle: WorkQueueOptions<string>['handle'], extra: Partial<WorkQueueOptions<string>> = {}) {
  const logs: string[] = [];
  const queue = createWorkQueue<string>({ name: 'test', key: (k) => k, source, handle, log: (m) => logs.push(m), ...extra });
  return { queue, logs };
}

describe('work queue', () => {
  it('when items wait in a list, then they run in order, one at a time with a limit of one', async () => {
    const source = fifoSource<string>((k) => k);
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    const { queue } = queueOf(
      source,
      async (k) => {
        most = Math.max(most, ++inside);
        await sleep(5);
        order.push(k);
        inside--;
      },
      { concurrency: 1 },
    );
    for (const k of ['a', 'b', 'c', 'd']) source.push(k);
    queue.start();
    await until(() => order.length === 4, 'all four');
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(1);
    await queue.stop();
  });

  it('when the limit is two, then two run at once and the rest wait', async () => {
    const source = fifoSource<string>((k) => k);
    const gates = new Map(['a', 'b', 'c'].map((k) => [k, gate()]));
    const { queue } = queueOf(source, (k) => gates.get(k)?.opened ?? Promise.resolve(), { concurrency: 2 });
    for (const k of gates.keys()) source.push(k);
    queue.start();
    expect(queue.running()).toEqual(['a', 'b']);
    gates.get('a')?.open();
    await until(() => queue.running().includes('c'), 'c to start');
    expect(queue.running()).toEqual(['b', 'c']);
    gates.get('b')?.open();
    gates.get('c')?.open();
    await until(() => queue.running().length === 0, 'all to end');
    await queue.stop();
  });

  it('when work is added and notified while the queue is busy, then it starts as soon as there is room', async () => {
    const source = fifoSource<string>((k) => k);
    const first = gate();
    const done: string[] = [];
    const { queue } = queueOf(
      source,
      async (k) => {
        if (k === 'first') await first.opened;
        done.push(k);
      },
      { concurrency: 1 },
    );
    queue.start();
    source.push('first');
    queue.notify();
    await until(() => queue.running().includes('first'), 'first to start');
    source.push('second');
    queue.notify();
    await sleep(20);
    expect(done).toEqual([]); // no room yet
    first.open();
    await until(() => done.length === 2, 'second to run');
    expect(done).toEqual(['first', 'second']);
    await queue.stop();
  });

  it('when stopped, then what runs is aborted with a ShutdownError, stop waits for it, and nothing new starts', async () => {
    const source = fifoSource<string>((k) => k);
    let reason: unknown;
    let cleanedUp = false;
    const { queue, logs } = queueOf(
      source,
      (_k, signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reason = signal.reason;
            // Cleaning up takes a while after the abort: stop must wait for it.
            setTimeout(() => {
              cleanedUp = true;
              reject(signal.reason as Error);
            }, 30);
          });
        }),
      { concurrency: 1 },
    );
    source.push('a');
    source.push('b');
    queue.start();
    expect(queue.running()).toEqual(['a']);
    await queue.stop();
    expect(reason).toBeInstanceOf(ShutdownError);
    expect(cleanedUp).toBe(true);
    expect(queue.running()).toEqual([]);
    expect(source.size).toBe(1); // b never started
    expect(logs).toEqual([]); // a shutdown is not a crash
  });

  it('when a handler ignores the abort, then stop gives up waiting after its grace', async () => {
    const source = fifoSource<string>((k) => k);
    const never = gate();
    const { queue } = queueOf(source, () => never.opened, { stopGraceMs: 50 });
    source.push('stuck');
    queue.start();
    const before = Date.now();
    await queue.stop();
    expect(Date.now() - before).toBeGreaterThanOrEqual(40);
    expect(queue.running()).toEqual(['stuck']);
    never.open();
  });

  it('when a handler throws, then it is logged and the loop goes on', async () => {
    const source = fifoSource<string>((k) => k);
    const done: string[] = [];
    const { queue, logs } = queueOf(
      source,
      async (k) => {
        if (k === 'bad') throw new Error('boom');
        done.push(k);
      },
      { concurrency: 1 },
    );
    source.push('bad');
    source.push('good');
    queue.start();
    await until(() => done.length === 1, 'good to run');
    expect(done).toEqual(['good']);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^test bad crashed: Error: boom/);
    await queue.stop();
  });

  it('when a handler throws synchronously, then it is logged like a rejection', async () => {
    const source = fifoSource<string>((k) => k);
    const { queue, logs } = queueOf(source, (): Promise<void> => {
      throw new Error('sync boom');
    });
    source.push('x');
    queue.start();
    await until(() => logs.length === 1, 'the log line');
    expect(logs[0]).toContain('sync boom');
    await queue.stop();
  });

  it('when an item becomes due later (nextDueAt), then the timer starts it without a notify', async () => {
    const dueAt = new Map([['soon', Date.now() + 60]]);
    const source: WorkSource<string> = {
      pick: (running) => [...dueAt].find(([k, at]) => at <= Date.now() && !running.has(k))?.[0] ?? null,
      claim: (k) => dueAt.delete(k),
      nextDueAt: () => (dueAt.size ? Math.min(...dueAt.values()) : null),
    };
    const ran: number[] = [];
    const { queue } = queueOf(source, async () => {
      ran.push(Date.now());
    });
    const started = Date.now();
    queue.start();
    expect(ran).toEqual([]);
    await until(() => ran.length === 1, 'the due item');
    expect((ran[0] as number) - started).toBeGreaterThanOrEqual(50);
    await queue.stop();
  });

  it('when the source does not know when (nextDueAt null), then it looks again after maxSleepMs', async () => {
    const rows: string[] = [];
    let picks = 0;
    const source: WorkSource<string> = {
      pick: () => {
        picks++;
        return rows.shift() ?? null;
      },
      nextDueAt: () => null,
    };
    const done: string[] = [];
    const { queue } = queueOf(
      source,
      async (k) => {
        done.push(k);
      },
      { maxSleepMs: 30 },
    );
    queue.start();
    rows.push('written by another process'); // no notify
    await until(() => done.length === 1, 'the poll to find it');
    expect(picks).toBeGreaterThan(1);
    await queue.stop();
  });

  it('when a sweep is periodic, then it runs at start and again after its period', async () => {
    let sweeps = 0;
    const { queue } = queueOf(periodicSource('sweep', 40), async () => {
      sweeps++;
    });
    queue.start();
    expect(sweeps).toBe(1); // the first round runs it at once
    await until(() => sweeps >= 3, 'two more sweeps');
    await queue.stop();
  });

  it('when a claim is refused, then the item is skipped; what is claimed is released once it ends', async () => {
    const rows = ['taken', 'mine'];
    const released: string[] = [];
    const done: string[] = [];
    const source: WorkSource<string> = {
      pick: () => rows.shift() ?? null,
      claim: (k) => k !== 'taken',
      release: (k) => released.push(k),
    };
    const { queue } = queueOf(source, async (k) => {
      done.push(k);
    });
    queue.start();
    await until(() => released.length === 1, 'the release');
    expect(done).toEqual(['mine']);
    expect(released).toEqual(['mine']);
    await queue.stop();
  });

  it('when one item is aborted with a reason, then its handler sees that reason and abort waits for it', async () => {
    const source = fifoSource<string>((k) => k);
    let reason: unknown;
    const { queue } = queueOf(
      source,
      (_k, signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            reason = signal.reason;
            setTimeout(resolve, 20);
          });
        }),
    );
    source.push('a');
    queue.start();
    expect(queue.abort('nope', new CancelledError())).toBeNull();
    await queue.abort('a', new CancelledError());
    expect(reason).toBeInstanceOf(CancelledError);
    expect(queue.running()).toEqual([]);
    await queue.stop();
  });

  it('when run() is called for an item that runs, then it gets the same completion and nothing runs twice', async () => {
    const source = fifoSource<string>((k) => k);
    const g = gate();
    let calls = 0;
    const { queue } = queueOf(source, async () => {
      calls++;
      await g.opened;
    });
    queue.start();
    const one = queue.run('x');
    const two = queue.run('x');
    g.open();
    await Promise.all([one, two]);
    expect(calls).toBe(1);
    await queue.stop();
    await queue.run('y'); // after stop: nothing starts
    expect(calls).toBe(1);
  });

  it('when the source applies its own fit, then the item that does not fit waits and nothing overtakes it', async () => {
    // Sizes against a budget of 3: 'big' (3) heads the list while 'small' (1) runs; the later 'tiny' must not go first.
    const sizes = new Map([
      ['small', 1],
      ['big', 3],
      ['tiny', 1],
    ]);
    const waiting = ['small', 'big', 'tiny'];
    let used = 0;
    const order: string[] = [];
    const gates = new Map([...sizes.keys()].map((k) => [k, gate()]));
    const source: WorkSource<string> = {
      pick: () => {
        const head = waiting[0];
        return head !== undefined && used + (sizes.get(head) ?? 0) <= 3 ? head : null;
      },
      claim: (k) => {
        waiting.shift();
        used += sizes.get(k) ?? 0;
        return true;
      },
      release: (k) => (used -= sizes.get(k) ?? 0),
    };
    const { queue } = queueOf(source, async (k) => {
      order.push(k);
      await gates.get(k)?.opened;
    });
    queue.start();
    expect(queue.running()).toEqual(['small']);
    queue.notify();
    await sleep(20);
    expect(queue.running()).toEqual(['small']); // big does not fit, tiny may not overtake it
    gates.get('small')?.open();
    await until(() => queue.running().includes('big'), 'big to start');
    expect(queue.running()).toEqual(['big']);
    gates.get('big')?.open();
    gates.get('tiny')?.open();
    await until(() => order.length === 3 && queue.running().length === 0, 'all to end');
    expect(order).toEqual(['small', 'big', 'tiny']);
    await queue.stop();
  });

  it('when the source keeps offering an item whose claim is refused, then the round ends instead of spinning', async () => {
    let picks = 0;
    const source: WorkSource<string> = {
      pick: () => {
        picks++;
        return 'stuck';
      },
      claim: () => false,
    };
    const { queue } = queueOf(source, async () => undefined);
    queue.start();
    expect(picks).toBe(2);
    expect(queue.running()).toEqual([]);
    await queue.stop();
  });

  it('when notified before start, then nothing runs until start', async () => {
    const source = fifoSource<string>((k) => k);
    const done: string[] = [];
    const { queue } = queueOf(source, async (k) => {
      done.push(k);
    });
    source.push('early');
    queue.notify();
    await sleep(20);
    expect(done).toEqual([]);
    queue.start();
    await until(() => done.length === 1, 'the item after start');
    await queue.stop();
  });
});
