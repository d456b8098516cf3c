import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

function parseAll(chunks: string[]): { messages: SseMessage[]; lastId: string | undefined } {
  const messages: SseMessage[] = [];
  const parser = createSseParser((m) => messages.push(m));
  for (const c of chunks) parser.push(c);
  return { messages, lastId: parser.lastEventId };
}

describe('SSE stream parser', () => {
  it('when a whole event arrives, then it emits type, data and id', () => {
    const { messages } = parseAll(['id: 7\nevent: command\ndata: {"a":1}\n\n']);
    expect(messages).toEqual([{ event: 'command', data: '{"a":1}', id: '7', retry: undefined }]);
  });

  it('when an event is split across arbitrary chunks, then it is reassembled', () => {
    const text = 'id: 1\nevent: file\ndata: {"file_id":"x"}\n\nid: 2\nevent: command\ndata: {}\n\n';
    for (let size = 1; size < text.length; size += 3) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      const { messages, lastId } = parseAll(chunks);
      expect(messages.map((m) => m.event)).toEqual(['file', 'command']);
      expect(lastId).toBe('2');
    }
  });

  it('when lines end with CRLF split between chunks, then no empty event is produced', () => {
    const { messages } = parseAll(['data: a\r', '\ndata: b\r\n\r', '\n']);
    expect(messages).toEqual([{ event: 'message', data: 'a\nb', id: undefined, retry: undefined }]);
  });

  it('when comments (keep-alives) arrive, then they are ignored', () => {
    const { messages } = parseAll([': ping\n\n', 'event: file\ndata: 1\n\n']);
    expect(messages).toHaveLength(1);
  });

  it('when an event has no data, then it is not dispatched but its id is kept', () => {
    const { messages, lastId } = parseAll(['id: 5\nevent: command\n\n']);
    expect(messages).toHaveLength(0);
    expect(lastId).toBe('5');
  });

  it('when retry is given, then it is reported with the event', () => {
    const { messages } = parseAll(['retry: 3000\ndata: x\n\n']);
    expect(messages[0]?.retry).toBe(3000);
  });
});
