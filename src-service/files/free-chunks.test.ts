import { setImmediate as turn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { freeChunks } from './free-chunks';

const MiB = 1024 * 1024;

describe('freeChunks (docs/performance.md)', () => {
  it('when chunks own their memory, then they are emptied and the memory is back after one event-loop turn, without a garbage collection', async () => {
    // Files run before this one in the same vitest worker leave garbage that a collection during the allocations below
    // would free, hiding them from the count (clean-clone runs saw 120 MiB, then -13 MiB, counted for 128 MiB made):
    // one collection first, so the count starts from live memory. None runs after freeChunks.
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    // Array buffers' memory goes back on a background sweep after the collection: let it finish.
    for (let i = 0; i < 3; i++) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = process.memoryUsage().arrayBuffers;
    // Held in an array the whole time: only freeing them, not the collector, can give the memory back.
    const chunks = Array.from({ length: 2048 }, (_, i) => Buffer.alloc(64 * 1024, i & 0xff));
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThanOrEqual(120 * MiB);
    freeChunks(chunks);
    expect(chunks.every((c) => c.length === 0)).toBe(true);
    await turn();
    await turn();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * MiB);
  });

  it('when a buffer is a slice of shared memory (a pool, a larger buffer), then it is left alone with its bytes', () => {
    const big = Buffer.alloc(1024, 7);
    const slice = big.subarray(0, 512);
    const tail = big.subarray(512);
    const pooled = Buffer.from('pooled bytes');
    freeChunks([slice, tail, pooled]);
    expect(slice.length).toBe(512);
    expect(big.equals(Buffer.alloc(1024, 7))).toBe(true);
    expect(pooled.toString()).toBe('pooled bytes');
  });
});
