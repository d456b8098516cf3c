/** ISO 8601 UTC with `Z` (docs/choices.md: wire conventions). */
export function nowIso(): string {
  return new Date().toISOString();
}
