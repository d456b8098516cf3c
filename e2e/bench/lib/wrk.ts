import { findTool, run } from './tools';

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx/3xx answers plus socket errors. */
  errors: number;
}

/** wrk (Debian `wrk`), or null where it is not installed. */
export function findWrk(): string | null {
  return findTool('wrk', ['/usr/bin/wrk', '/usr/local/bin/wrk']);
}

/** `wrk -t1 -c<connections> -d<seconds>s --latency`: one client thread, so it takes one core at most. */
export async function runWrk(bin: string, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const out = await run(bin, args, { timeoutMs: (seconds + 30) * 1000 });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1]);
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${out}`);
  return { rps, p50, p99, errors: non2xx + socketErrors };
}

/** wrk prints latencies as "812.00us", "1.20ms", "2.01s". */
function toMs(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 'ms' ? v : m[2] === 's' ? v * 1000 : v * 60_000;
}
