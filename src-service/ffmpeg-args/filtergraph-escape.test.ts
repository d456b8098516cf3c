import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createQuoteTracker, type QuoteState } from './filtergraph-escape';

/** The reading of a whole prefix, written plainly (index by index) as the model to compare with. */
function modelStateAfter(prefix: string): QuoteState {
  let graphQuoted = false;
  const option = { quoted: false, escaped: false };
  const feed = (c: string) => {
    if (option.escaped) option.escaped = false;
    else if (option.quoted) option.quoted = c !== "'";
    else if (c === '\\') option.escaped = true;
    else if (c === "'") option.quoted = true;
  };
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i] as string;
    if (graphQuoted) {
      if (c === "'") graphQuoted = false;
      else feed(c);
    } else if (c === '\\' && i + 1 < prefix.length) {
      feed(prefix[++i] as string);
    } else if (c === "'") {
      graphQuoted = true;
    } else if ('[],;'.includes(c)) {
      option.quoted = false;
      option.escaped = false;
    } else {
      feed(c);
    }
  }
  return { graphQuoted, optionQuoted: option.quoted };
}

describe('quote tracking read piece by piece', () => {
  it('when a graph is read in any pieces, then the quoting after each piece is what reading the whole prefix gives', () => {
    const graphChar = fc.constantFrom("'", '\\', '[', ']', ',', ';', ':', '=', 'a', ' ');
    fc.assert(
      fc.property(
        fc.array(
          fc.array(graphChar, { maxLength: 12 }).map((cs) => cs.join('')),
          { maxLength: 8 },
        ),
        (pieces) => {
          const tracker = createQuoteTracker();
          let whole = '';
          for (const piece of pieces) {
            tracker.advance(piece);
            whole += piece;
            expect(tracker.state()).toEqual(modelStateAfter(whole));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
