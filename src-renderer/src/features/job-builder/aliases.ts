/**
 * `{{alias}}` placeholders in command text (docs/api.md §1.5). Backslash-escaped braces
 * `\{\{in_1\}\}` count as `{{in_1}}` (docs/choices.md: Requests), as the service reads them.
 */
export const PLACEHOLDER = /(?:\\?\{){2}\s*([^{}\\\s]*)\s*(?:\\?\}){2}/g;

export interface AliasUse {
  alias: string;
  from: number;
  to: number;
}

export function findAliasUses(text: string): AliasUse[] {
  const uses: AliasUse[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) uses.push({ alias: m[1] ?? '', from: m.index, to: m.index + m[0].length });
  return uses;
}

// The service's own naming rules, so the form refuses exactly what a submit would.
export { INPUT_ALIAS, OUTPUT_ALIAS, OUTPUT_NAME, MAX_OUTPUT_NAME } from '../../../../src-service/contract/names';
export const PLAYLIST_PREFIX = 'out_playlist_';
