import { StringDecoder } from 'node:string_decoder';

export interface LineSplitter {
  push(chunk: Buffer): void;
  /** Emits a last line that had no trailing newline. */
  end(): void;
}

/**
 * Splits a byte stream into text lines (`\n` or `\r\n`). A StringDecoder keeps a UTF-8
 * character that straddles two chunks whole. A line longer than `maxLineChars` is cut, so a
 * program that never prints a newline cannot grow memory without bound.
 */
export function createLineSplitter(onLine: (line: string) => void, maxLineChars = 1 << 20): LineSplitter {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const emit = (line: string) => onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  const feed = (text: string) => {
    pending += text;
    let nl: number;
    while ((nl = pending.indexOf('\n')) !== -1) {
      emit(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
    if (pending.length > maxLineChars) {
      emit(pending);
      pending = '';
    }
  };
  return {
    push: (chunk) => feed(decoder.write(chunk)),
    end: () => {
      feed(decoder.end());
      if (pending !== '') emit(pending);
      pending = '';
    },
  };
}
