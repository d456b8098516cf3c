import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costOf, healthCost, mainThreadCpuMs } from './main-thread-cpu';

// The measure the stall tests rely on: a handler that keeps this process's main thread busy
// must show as its CPU time (a read of the wrong thread showed 0 ms and let every stall pass).
describe.skipIf(mainThreadCpuMs(process.pid) === null)('main-thread CPU of a request', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/busy') {
        // 150 ms of the main thread's CPU, by the reading under test; the process's CPU (all
        // threads) bounds the loop, so a reading that never moves ends it with ~0 ms counted.
        const start = process.cpuUsage();
        const main0 = mainThreadCpuMs(process.pid) ?? 0;
        while ((mainThreadCpuMs(process.pid) ?? 0) - main0 < 150 && cpuSince(start) < 2_000);
      }
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('when the handler keeps the main thread busy, then the wait costs at least 100 ms of its CPU', async () => {
    const busy = await costOf(process.pid, async () => void (await (await fetch(`${url}/busy`)).arrayBuffer()));
    expect(busy.cpuMs).toBeGreaterThanOrEqual(100);
  });

  it('when the status poll after the health call is the busy one, then healthCost counts it', async () => {
    const cost = await healthCost(url, process.pid, async () => void (await (await fetch(`${url}/busy`)).arrayBuffer()));
    expect(cost.cpuMs).toBeGreaterThanOrEqual(100);
  });
});

function cpuSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}
