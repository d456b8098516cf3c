/** ISO 8601 UTC with `Z` (decisions: wire conventions). */
export function nowIso(): string {
  return new Date().toISOString();
}
