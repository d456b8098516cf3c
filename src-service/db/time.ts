/** ISO 8601 UTC with `Z` (docs/decisions.md: wire conventions). */
export function nowIso(): string {
  return new Date().toISOString();
}
