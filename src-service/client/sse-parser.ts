/**
 * An incremental parser for the `text/event-stream` format (WHATWG HTML, "Server-sent
 * events"): fed arbitrary chunks, it emits complete events. Needed because EventSource
 * cannot send the `X-API-KEY` header, so the client reads `/v1/events` with fetch.
 */
export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
  retry: number | undefined;
}

export interface SseParser {
  push(chunk: string): void;
  /** The id of the last dispatched event (for Last-Event-ID on reconnect). */
  readonly lastEventId: string | undefined;
}

export function createSseParser(onMessage: (msg: SseMessage) => void): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId: string | undefined;
  let retry: number | undefined;

  function dispatch(): void {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id: lastEventId, retry });
    event = '';
    data = [];
    retry = undefined;
  }

  function processLine(line: string): void {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      // Lines end with CRLF, LF or CR; a trailing CR may be the first half of a CRLF.
      const re = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      for (let m = re.exec(buffer); m; m = re.exec(buffer)) {
        processLine(buffer.slice(start, m.index));
        start = m.index + m[0].length;
      }
      buffer = buffer.slice(start);
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
