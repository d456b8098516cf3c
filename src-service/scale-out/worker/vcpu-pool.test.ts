import { describe, expect, it } from 'vitest';
import { createVcpuPool } from './vcpu-pool';
import { parseCoreList } from './worker-cores';

const never = new AbortController().signal;
const tick = () => new Promise((r) => setImmediate(r));

describe('the worker vcpu pool', () => {
  it('when jobs ask for more vcpus than are free, then they wait in arrival order and start as vcpus are released', async () => {
    const pool = createVcpuPool(2);
    const a = await pool.acquire(1, never);
    const started: string[] = [];
    const big = pool.acquire(2, never).then((c) => (started.push('big'), c));
    const small = pool.acquire(1, never).then((c) => (started.push('small'), c));
    await tick();
    expect(started).toEqual([]); // one vcpu is free, but the big job came first and needs two
    pool.release(a as number[]);
    const bigCpus = await big;
    expect(started).toEqual(['big']);
    pool.release(bigCpus as number[]);
    await small;
    expect(started).toEqual(['big', 'small']);
  });

  it('when a job asks for more than the whole budget, then it gets the budget instead of waiting forever', async () => {
    const pool = createVcpuPool(1);
    const cpus = await pool.acquire(8, never);
    expect(cpus).not.toBeNull();
    pool.release(cpus as number[]);
    expect(await pool.acquire(1, never)).not.toBeNull();
  });

  it('when the worker stops while a job waits, then the wait ends with null', async () => {
    const pool = createVcpuPool(1);
    await pool.acquire(1, never);
    const stop = new AbortController();
    const waiting = pool.acquire(1, stop.signal);
    stop.abort();
    expect(await waiting).toBeNull();
  });

  it('when the worker is given cores (--cores 1,3), then jobs are pinned only to those, the least loaded first', async () => {
    const pool = createVcpuPool(2, [1, 3]);
    const a = await pool.acquire(1, never);
    const b = await pool.acquire(1, never);
    expect([a, b]).toEqual([[1], [3]]);
    pool.release(a as number[]);
    expect(await pool.acquire(1, never)).toEqual([1]);
  });
});

describe('the --cores list', () => {
  it('when it is written as taskset writes it, then it reads as the sorted cores; a malformed list is null', () => {
    expect(parseCoreList('0,2-3')).toEqual([0, 2, 3]);
    expect(parseCoreList('3,1')).toEqual([1, 3]);
    expect(parseCoreList('1-1')).toEqual([1]);
    for (const bad of ['', 'a', '3-1', '1,,2', '-1']) expect(parseCoreList(bad)).toBeNull();
  });
});
