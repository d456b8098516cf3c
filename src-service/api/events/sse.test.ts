import { describe, expect, it } from 'vitest';
import { formatEvent } from './sse';

describe('SSE framing', () => {
  it('when an event is formatted, then id, event and one JSON data line end with a blank line', () => {
    expect(formatEvent({ id: 7, type: 'file', data: { file_id: 'f', status: 'STORED', is_deleted: false } })).toBe(
      'id: 7\nevent: file\ndata: {"file_id":"f","status":"STORED","is_deleted":false}\n\n',
    );
  });

  it('when data holds newlines, then JSON escapes them and the frame stays one data line', () => {
    expect(
      formatEvent({ id: 1, type: 'command', data: { error_message: 'a\nb' } })
        .split('\n')
        .filter((l) => l.startsWith('data:')),
    ).toHaveLength(1);
  });
});
