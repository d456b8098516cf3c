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
  const tracker = createQuoteTracker();
  tracker.advance(prefix);
  return tracker.state();
}

export interface QuoteTracker {
  /** Reads the next piece of the graph. */
  advance(text: string): void;
  /** The quoting in force after everything read so far. */
  state(): QuoteState;
}

/**
 * Reads a graph piece by piece, so the quoting before each of many aliases in one graph
 * costs the length of the graph once, not once per alias (a quadratic cost that let one
 * request hold the service for seconds: docs/http-guards.md).
 */
export function createQuoteTracker(): QuoteTracker {
  let graphQuoted = false;
  // A graph-level `\` whose escaped character is in the next piece.
  let pendingEscape = false;
  const option = { quoted: false, escaped: false };
  return {
    advance(text) {
      for (const c of text) {
        if (pendingEscape) {
          pendingEscape = false;
          feedOptionLevel(option, c);
        } else if (graphQuoted) {
          if (c === "'") graphQuoted = false;
          else feedOptionLevel(option, c);
        } else if (c === '\\') {
          pendingEscape = true;
        } else if (c === "'") {
          graphQuoted = true;
        } else if ('[],;'.includes(c)) {
          option.quoted = false; // a new filter or label: the option level starts afresh
          option.escaped = false;
        } else {
          feedOptionLevel(option, c);
        }
      }
    },
    // A trailing `\` reads as a plain character at the option level, which never changes its quoting.
    state: () => ({ graphQuoted, optionQuoted: option.quoted }),
  };
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
