/**
 * Escaping a path so it survives ffmpeg's filter-graph parsing (ffmpeg-filters, "Notes on
 * filtergraph escaping"): first for the option level (`\ ' :`), then for the graph level
 * (`\ ' [ ] , ;`). Inside a `'...'` region a level reads everything literally, so there
 * only `'` needs care (close, escaped quote, reopen). Which regions the alias sits in is
 * worked out from the text before it, the way filtergraph.ts reads it.
 */

export interface QuoteState {
  /** Inside `'...'` at the graph level. */
  graphQuoted: boolean;
  /** Inside `'...'` at the option level (in the text the graph level produced). */
  optionQuoted: boolean;
}

/** The quoting in force at the end of `prefix`, a filter graph cut just before an alias. */
export function quoteStateAfter(prefix: string): QuoteState {
  let graphQuoted = false;
  const option = { quoted: false, escaped: false };
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i] as string;
    if (graphQuoted) {
      if (c === "'") graphQuoted = false;
      else feedOptionLevel(option, c);
    } else if (c === '\\' && i + 1 < prefix.length) {
      feedOptionLevel(option, prefix[++i] as string);
    } else if (c === "'") {
      graphQuoted = true;
    } else if ('[],;'.includes(c)) {
      option.quoted = false; // a new filter or label: the option level starts afresh
      option.escaped = false;
    } else {
      feedOptionLevel(option, c);
    }
  }
  return { graphQuoted, optionQuoted: option.quoted };
}

function feedOptionLevel(state: { quoted: boolean; escaped: boolean }, c: string): void {
  if (state.escaped) state.escaped = false;
  else if (state.quoted) state.quoted = c !== "'";
  else if (c === '\\') state.escaped = true;
  else if (c === "'") state.quoted = true;
}

/** `'` inside a quoted region: end the quote, an escaped quote, reopen. */
const inQuotes = (text: string) => text.replace(/'/g, "'\\''");

/** A path as one option value, placed at a point with the given quoting. */
export function escapeForFilterGraph(path: string, state: QuoteState): string {
  // `=` too: a positional value like `a=b.srt` would otherwise be read as key `a`.
  const optionLevel = state.optionQuoted ? inQuotes(path) : path.replace(/[\\':=\s]/g, '\\$&');
  return state.graphQuoted ? inQuotes(optionLevel) : optionLevel.replace(/[\\'[\],;\s]/g, '\\$&');
}
