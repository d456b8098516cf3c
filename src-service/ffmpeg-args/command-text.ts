import { isFilterGraphArgument } from './filtergraph-args';

/**
 * Turns `ffmpeg_command` text into argv with no shell: nothing is ever run through one.
 * The rules are the POSIX shell's word splitting and quoting, so a command copied from a
 * terminal means the same thing here, minus everything a shell would *do*:
 * no globbing, no `$` expansion, no pipes or redirections; those characters stay literal.
 *
 * Two additions (docs/compatibility.md, "Quoting"):
 * - `\{` and `\}` become `{` and `}` everywhere, inside either kind of quotes too, so
 *   `\{\{in_1\}\}` (braces escaped for some template engine) is read as `{{in_1}}`.
 * - In a filtergraph argument (the value of `-vf`, `-af`, `-filter[:spec]`, `-filter_complex`,
 *   `-lavfi`, `-graph`, or the `-i` of a `-f lavfi` input: filtergraph-args.ts), a single quote that opens *inside* the word (`select='lte(n\,1)',scale=…`) is
 *   ffmpeg's own quoting, not the shell's: it is kept, with everything up to the closing
 *   quote, so ffmpeg's filtergraph parser sees it and protects the commas. A value that
 *   *starts* with a quote (`-vf 'scale=320:-2'`) is shell quoting, as before.
 */

/** Text that cannot be split: an unterminated quote or a trailing backslash. */
export class CommandTextError extends Error {
  /** 0-based index in the command text of the quote or backslash at fault. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'CommandTextError';
    this.position = position;
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\f', '\v']);
/** Inside double quotes a backslash escapes only these (POSIX, Shell Command Language 2.2.3). */
const DOUBLE_QUOTE_ESCAPABLE = new Set(['$', '`', '"', '\\']);
const BRACES = new Set(['{', '}']);

interface Piece {
  text: string;
  end: number;
}

export function splitCommandText(text: string): string[] {
  const tokens: string[] = [];
  let word: string | null = null; // null between words; '' is a real (quoted) empty word
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (WHITESPACE.has(c)) {
      if (word !== null) tokens.push(word);
      word = null;
      i++;
    } else if (isLineContinuation(text, i)) {
      i += text[i + 1] === '\r' ? 3 : 2; // backslash-newline vanishes, as in a shell
    } else if (text[i] === "'" && word && isFilterGraphArgument(tokens, tokens.length)) {
      const piece = readSingleQuoted(text, i); // ffmpeg's quoting: handed on with its quotes
      word += `'${piece.text}'`;
      i = piece.end;
    } else {
      const piece = readPiece(text, i);
      word = (word ?? '') + piece.text;
      i = piece.end;
    }
  }
  if (word !== null) tokens.push(word);
  return tokens;
}

function isLineContinuation(text: string, i: number): boolean {
  if (text[i] !== '\\') return false;
  return text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n');
}

/** One quoted string, one escaped character, or a run of ordinary characters. */
function readPiece(text: string, start: number): Piece {
  const c = text[start];
  if (c === "'") return readSingleQuoted(text, start);
  if (c === '"') return readDoubleQuoted(text, start);
  if (c === '\\') {
    if (start + 1 >= text.length) throw new CommandTextError(`Trailing backslash at position ${start}: there is nothing after it to escape`, start);
    return { text: text[start + 1] as string, end: start + 2 };
  }
  let end = start;
  while (end < text.length && !isSpecial(text[end] as string)) end++;
  return { text: text.slice(start, end), end };
}

function isSpecial(c: string): boolean {
  return WHITESPACE.has(c) || c === "'" || c === '"' || c === '\\';
}

/** Single quotes keep everything literal, except the `\{` `\}` addition (docs/choices.md, Requests). */
function readSingleQuoted(text: string, start: number): Piece {
  const close = text.indexOf("'", start + 1);
  if (close === -1) throw new CommandTextError(`Unterminated single quote (') starting at position ${start}`, start);
  return { text: text.slice(start + 1, close).replace(/\\([{}])/g, '$1'), end: close + 1 };
}

function readDoubleQuoted(text: string, start: number): Piece {
  let out = '';
  let i = start + 1;
  while (i < text.length && text[i] !== '"') {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && (DOUBLE_QUOTE_ESCAPABLE.has(next) || BRACES.has(next))) {
      out += next;
      i += 2;
    } else if (c === '\\' && isLineContinuation(text, i)) {
      i += next === '\r' ? 3 : 2;
    } else {
      out += c; // any other backslash is literal inside double quotes
      i++;
    }
  }
  if (i >= text.length) throw new CommandTextError(`Unterminated double quote (") starting at position ${start}`, start);
  return { text: out, end: i + 1 };
}
