import fs from 'node:fs';
import net from 'node:net';

/** Where the system hands out ports for `listen(0)` and outgoing connections (Linux; elsewhere the IANA range). */
function ephemeralStart(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const n = Number(low);
    return Number.isInteger(n) && n > 12_000 ? n : 49_152;
  } catch {
    return 49_152;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * A free port for a server a test stops and starts again on the same port (a killed service, a
 * restarted Redis). It is taken below the system's ephemeral range: a port that `listen(0)`
 * returned is ephemeral, so while the server is down another test's `listen(0)` or an outgoing
 * connection can take it, and the restart fails with EADDRINUSE (seen in CI: the soak test).
 */
export async function restartablePort(): Promise<number> {
  const top = ephemeralStart();
  const bottom = 10_000;
  for (let i = 0; i < 100; i++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found between ${bottom} and ${top}`);
}
