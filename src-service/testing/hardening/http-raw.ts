import http from 'node:http';
import net from 'node:net';

/**
 * HTTP for the hardening tests: a keep-alive node:http client that can send what fetch
 * cannot (a chosen or missing `Host`, duplicate headers, any method, raw body bytes), and
 * a raw-socket sender for requests node:http itself would refuse to build.
 */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: Buffer | string;
  /** false: no automatic Host header (set one in `headers`, or none at all). */
  setHost?: boolean;
  timeoutMs?: number;
}

export interface HttpClient {
  send(req: RawRequest): Promise<RawResponse>;
  close(): void;
}

/** Responses that never end (the SSE stream) are cut after their headers. */
const STREAMING = /^text\/event-stream/;

export function createHttpClient(baseUrl: string, maxSockets = 8): HttpClient {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    send: (req) => send(base, agent, req),
    close: () => agent.destroy(),
  };
}

function send(base: URL, agent: http.Agent, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers };
    // node:http frames a body on GET/HEAD/DELETE/OPTIONS only when told its length; unframed bytes would read as a next request.
    if (req.body !== undefined && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined)
      headers['content-length'] = Buffer.byteLength(req.body);
    const r = http.request(
      { host: base.hostname, port: base.port, method: req.method, path: req.path, headers, setHost: req.setHost ?? true, agent },
      (res) => {
        if (STREAMING.test(res.headers['content-type'] ?? '')) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0), text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
      },
    );
    r.setTimeout(req.timeoutMs ?? 15_000, () => r.destroy(new Error(`no answer to ${req.method} ${req.path.slice(0, 120)} in time`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

export interface RawSocketAnswer {
  /** The status of the first response line, or null when the server closed without one. */
  status: number | null;
  raw: string;
}

/** Writes raw bytes to the service and reads until it closes (or the timeout). */
export function sendRawBytes(baseUrl: string, bytes: Buffer, timeoutMs = 5000): Promise<RawSocketAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(raw);
      resolve({ status: m ? Number(m[1]) : null, raw });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(bytes, () => socket.end());
  });
}

/** The body of each response in a raw HTTP/1.1 answer (Content-Length or no body), for shape checks. */
export function rawResponseBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return '';
  const head = raw.slice(0, split);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const rest = raw.slice(split + 4);
  return length ? rest.slice(0, Number(length[1])) : rest;
}
