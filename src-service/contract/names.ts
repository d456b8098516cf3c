/**
 * Naming rules of requests (docs/api.md): the service's schemas and the GUI's form checks
 * both test names with these, so the form refuses exactly what the service would.
 */

/** Aliases start `in_` / `out_` / `inter_`, then letters, digits, underscores. */
export const INPUT_ALIAS = /^in_[A-Za-z0-9_]+$/;
export const OUTPUT_ALIAS = /^out_[A-Za-z0-9_]+$/;
export const INTERIM_ALIAS = /^inter_[A-Za-z0-9_]+$/;
/** Output names: letters, digits, `_`, `-`, and dots for extensions; no separators, no `..`, no leading dot. */
export const OUTPUT_NAME = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
export const MAX_OUTPUT_NAME = 200;
/** An uploaded file's name: no separators, no NUL, not `.` or `..`. */
export function isPlainFilename(s: string): boolean {
  return !/[\0/\\]/.test(s) && s !== '.' && s !== '..';
}

/**
 * An HLS or DASH manifest is stored with its segments only under an `out_playlist_` alias (the
 * spec's rule; docs/api.md §4.1): under any other alias the manifest was stored alone, and its
 * URL answered 404. The message for such an output, or null.
 */
export function manifestAliasIssue(alias: string, name: string): string | null {
  const lower = name.toLowerCase();
  if (alias.startsWith('out_playlist_') || !(lower.endsWith('.m3u8') || lower.endsWith('.mpd'))) return null;
  return `${name} is an HLS or DASH manifest: it is stored with its segments only under an alias starting with out_playlist_ (out_playlist_${alias.slice('out_'.length)}), or send "OUTPUT_FOLDER"`;
}

export const MAX_JOB_NAME = 200;

/**
 * What one command request may hold (docs/http-guards.md). Checking a request costs time on
 * the service's one event loop; these bounds keep the largest accepted request to a few tens
 * of milliseconds per command.
 */
export const REQUEST_LIMITS = {
  /** Commands in one chained request. */
  maxSteps: 10,
  /** Characters of one command text: about the longest command line Windows can start (32,767). */
  maxCommandChars: 32_000,
  /** Arguments one command splits into. */
  maxArguments: 2_000,
  /** Aliases declared in input_files and output_files together. */
  maxAliases: 1_000,
} as const;

/** The largest vcpu_count accepted; more is a 422. Anything accepted runs with what the local budget allows. */
export const MAX_REQUESTED_VCPUS = 1024;

/** An http(s) URL the service may fetch (inputs, store-file, webhooks); the SSRF guard checks where it points. */
export function isHttpUrl(s: string): boolean {
  return /^https?:\/\//i.test(s) && URL.canParse(s);
}
