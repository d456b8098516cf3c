/**
 * ffmpeg's filter-graph text, read the way libavfilter reads it (graphparser.c with
 * libavutil's av_get_token() and av_opt_get_key_value()), so the sandbox sees the option
 * values ffmpeg will use and alias substitution escapes paths so they survive.
 *
 * There are two quoting levels (ffmpeg-filters, "Notes on filtergraph escaping"):
 * - the graph level splits filters on `, ;`, labels on `[ ]`; `'...'` and `\x` quote;
 * - the option level splits a filter's arguments on `:` into `key=value` or positional
 *   values; `'...'` and `\x` quote again, on the text the graph level produced.
 */

const WHITESPACE = ' \n\t\r';
/** av_opt_get_key_value's key characters: `/` and `.` included (a key `/opt` loads a file). */
const KEY_CHAR = /[A-Za-z0-9_./-]/;

export interface FilterOption {
  /** null for a positional (shorthand) value. */
  key: string | null;
  value: string;
}

export interface FilterNode {
  /** As written, including an `@instance` suffix. */
  name: string;
  options: FilterOption[];
}

interface Token {
  value: string;
  end: number;
}

/** av_get_token(): up to an unquoted, unescaped terminator; outer whitespace trimmed unless quoted or escaped. */
export function readToken(text: string, start: number, terminators: string): Token {
  let i = skipWhitespace(text, start);
  let out = '';
  let keep = 0; // trailing-whitespace trimming stops here (after the last escape or closing quote)
  while (i < text.length && !terminators.includes(text[i] as string)) {
    const c = text[i++] as string;
    if (c === '\\' && i < text.length) {
      out += text[i++];
      keep = out.length;
    } else if (c === "'") {
      const close = text.indexOf("'", i);
      out += text.slice(i, close === -1 ? text.length : close);
      if (close !== -1) keep = out.length;
      i = close === -1 ? text.length : close + 1;
    } else {
      out += c;
    }
  }
  let length = out.length;
  while (length > keep && WHITESPACE.includes(out[length - 1] as string)) length--;
  return { value: out.slice(0, length), end: i };
}

/** Every filter of a graph: chains (`;`), filters (`,`), labels skipped. Lenient: never throws. */
export function parseFilterGraph(text: string): FilterNode[] {
  const nodes: FilterNode[] = [];
  let i = 0;
  while (i < text.length) {
    i = skipLabels(text, i);
    const name = readToken(text, i, '=,;[');
    i = name.end;
    let options: FilterOption[] = [];
    if (text[i] === '=') {
      const args = readToken(text, i + 1, '[],;');
      options = parseFilterOptions(args.value);
      i = args.end;
    }
    nodes.push({ name: name.value, options });
    i = skipWhitespace(text, skipLabels(text, i));
    if (i < text.length) i++; // the `,` or `;` (a stray `]` is skipped; ffmpeg would reject it)
  }
  return nodes;
}

/** A filter's argument string: `key=value` pairs and positional values, separated by `:`. */
export function parseFilterOptions(args: string): FilterOption[] {
  const options: FilterOption[] = [];
  let i = 0;
  while (i < args.length) {
    const key = readKey(args, i);
    const value = readToken(args, key ? key.end : i, ':');
    options.push({ key: key ? key.value : null, value: value.value });
    i = value.end + 1;
  }
  return options;
}

function readKey(text: string, start: number): Token | null {
  let i = skipWhitespace(text, start);
  const keyStart = i;
  while (i < text.length && KEY_CHAR.test(text[i] as string)) i++;
  const key = text.slice(keyStart, i);
  i = skipWhitespace(text, i);
  return text[i] === '=' ? { value: key, end: i + 1 } : null;
}

function skipLabels(text: string, start: number): number {
  let i = skipWhitespace(text, start);
  while (text[i] === '[') {
    const label = readToken(text, i + 1, ']');
    i = skipWhitespace(text, text[label.end] === ']' ? label.end + 1 : label.end);
  }
  return i;
}

function skipWhitespace(text: string, start: number): number {
  let i = start;
  while (i < text.length && WHITESPACE.includes(text[i] as string)) i++;
  return i;
}
