import net from 'node:net';

/** What a client sending a large body saw: the answer it could read, and how its socket ended. */
export interface LargeBodyOutcome {
  status: number | null;
  /** The response body when it arrived whole (Content-Length bytes), else null. */
  body: string | null;
  /** The socket error the client got (EPIPE, ECONNRESET...), if any. */
  error: string | null;
}

/**
 * A client that writes a request head and then `bodyBytes` bytes as fast as the socket takes
 * them (honouring back-pressure), and reads the answer only once it has sent everything, as
 * simple scripts do (python `requests`, most upload loops). An answer the server sent early
 * waits in the kernel meanwhile: if the server then resets the connection, it is lost.
 * Resolves when the connection ends.
 */
export function sendLargeBody(baseUrl: string, head: string, bodyBytes: number, timeoutMs = 20_000): Promise<LargeBodyOutcome> {
  const base = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const received: Buffer[] = [];
    let error: string | null = null;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(received).toString('latin1')), error });
    };
    const timer = setTimeout(() => {
      error ??= 'timeout';
      finish();
    }, timeoutMs);
    socket.on('data', (c: Buffer) => received.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error ??= err.code ?? err.message;
      socket.resume();
    });
    socket.on('close', finish);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes && !socket.destroyed) {
        const n = Math.min(chunk.length, bodyBytes - sent);
        sent += n;
        const last = sent >= bodyBytes;
        const ok = socket.write(n === chunk.length ? chunk : chunk.subarray(0, n), last ? () => socket.resume() : undefined);
        if (!ok && !last) return;
      }
      socket.off('drain', pump);
    };
    socket.on('drain', pump);
    socket.pause();
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
  });
}

function parseAnswer(raw: string): { status: number | null; body: string | null } {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(raw);
  const split = raw.indexOf('\r\n\r\n');
  if (!status || split < 0) return { status: status ? Number(status[1]) : null, body: null };
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(raw.slice(0, split));
  const rest = raw.slice(split + 4);
  const whole = length !== null && rest.length >= Number(length[1]);
  return { status: Number(status[1]), body: whole ? rest.slice(0, Number(length[1])) : null };
}
