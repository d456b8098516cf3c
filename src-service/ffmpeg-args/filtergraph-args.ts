/**
 * Which command-line arguments ffmpeg reads as filter graphs. Both the sandbox (to check
 * every option value of every filter) and alias substitution (to escape paths put into a
 * graph) need the same answer.
 */

/** Options whose value is a filter graph: -vf, -af, -filter[:spec], -filter_complex, -lavfi, and lavfi's -graph. */
const GRAPH_OPTIONS = new Set(['vf', 'af', 'filter', 'filter_complex', 'lavfi', 'graph']);

/** `-c:v` -> `c`, `-filter_complex` -> `filter_complex`; null when the token is not an option name. */
export function optionName(token: string): string | null {
  const match = /^-([A-Za-z0-9_][A-Za-z0-9_-]*)(?::.*)?$/s.exec(token);
  return match ? (match[1] as string) : null;
}

/** True when `tokens[i]` is the value of a filter option, or the `-i` of an input forced to `-f lavfi`. */
export function isFilterGraphArgument(tokens: readonly string[], i: number): boolean {
  const previous = tokens[i - 1];
  if (previous === undefined) return false;
  const name = optionName(previous);
  if (name !== null && GRAPH_OPTIONS.has(name)) return true;
  return isLavfiInput(tokens, i);
}

/** `-f lavfi ... -i <graph>`: `-f` applies to the next input, so look back to the previous `-i`. */
export function isLavfiInput(tokens: readonly string[], i: number): boolean {
  if (tokens[i - 1] !== '-i') return false;
  for (let j = i - 2; j >= 0; j--) {
    if (tokens[j] === '-i') return false;
    if (optionName(tokens[j] as string) === 'f' && tokens[j + 1]?.toLowerCase() === 'lavfi') return true;
  }
  return false;
}
