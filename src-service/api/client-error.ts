import type { Duplex } from 'node:stream';

/**
 * node:http's `clientError`: requests so malformed that they never reach Koa (bad request
 * line, header overflow, headers sent too slowly). node answers those with an empty body;
 * this answers in the wire format every other error uses, `{"detail": "..."}` (docs/choices.md:
 * Wire conventions), then closes the connection.
 */
export function answerClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, detail] = describe(err.code);
  const body = JSON.stringify({ detail });
  // An answer to HEAD has no body (a client would read one as garbage); the packet starts with the method when it is known.
  const isHead = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
  );
}

function describe(code: string | undefined): [number, string, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request Header Fields Too Large', 'The request headers are too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request Timeout', 'The request was not received in time'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Payload Too Large', 'The chunk extensions are too large'];
    default:
      return [400, 'Bad Request', 'Malformed HTTP request'];
  }
}
