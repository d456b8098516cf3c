import type { FailureFix } from './job-handoff';

export interface FailureSummary {
  /** The first line of error_message: the service puts ffmpeg's decisive line there. */
  lead: string;
  /** The rest of the message, if any, for a fold. */
  details: string;
  /** The word ffmpeg choked on, when the lead quotes one. */
  word?: string;
  /** The service's "did you mean 'x'?" suggestion. */
  suggestion?: string;
}

const SUGGESTION = /did you mean\s+['"‘“`]?([^'"’”`?\s]+)['"’”`]?\s*\?/i;
// ffmpeg quotes the offending name: No such filter: 'scael', Unknown encoder 'libx265x',
// Unrecognized option 'foo', Option not found... Falls back to the first quoted token.
const QUOTED = /['‘`]([^'’`\n]{1,80})['’`]/;

// ffmpeg's own wording for the line that decides a failure, for messages that do not lead
// with it (a generic "ffmpeg exited with code 1:" first line, then the whole stderr).
const DECISIVE = [
  /No such filter/i,
  /Unknown encoder/i,
  /Unknown decoder/i,
  /Unrecognized option/i,
  /Option .* not found/i,
  /matches no streams/i,
  /No such file or directory/i,
  /Invalid data found/i,
  /Error opening/i,
  /Unable to (find|parse|choose)/i,
  /Invalid argument/i,
  /Error while/i,
];
const GENERIC_LEAD = /^ffmpeg exited with (code|signal)/i;
const LOG_PREFIX = /^\[[^\]]+ @ 0x[0-9a-f]+\]\s*/i;

function pickLead(lines: string[]): { lead: string; rest: string[] } {
  const [first = '', ...others] = lines;
  if (!GENERIC_LEAD.test(first.trim())) return { lead: first, rest: others };
  for (const pattern of DECISIVE) {
    const i = others.findIndex((l) => pattern.test(l));
    if (i >= 0) return { lead: others[i]!.trim().replace(LOG_PREFIX, ''), rest: lines };
  }
  return { lead: first, rest: others };
}

export function summarizeFailure(message: string | null | undefined): FailureSummary {
  const text = (message ?? '').trim();
  const { lead, rest } = pickLead(text.split('\n'));
  const suggestion = SUGGESTION.exec(text)?.[1];
  const leadWithoutHint = lead.replace(SUGGESTION, '').trim();
  const word = QUOTED.exec(leadWithoutHint)?.[1]?.replace(/^-/, '');
  return { lead: lead.trim(), details: rest.join('\n').trim(), ...(word ? { word } : {}), ...(suggestion ? { suggestion } : {}) };
}

export function fixOf(summary: FailureSummary): FailureFix | undefined {
  return summary.word ? { word: summary.word, line: summary.lead, ...(summary.suggestion ? { suggestion: summary.suggestion } : {}) } : undefined;
}

/** Splits text around whole-word occurrences of `word`, for <mark>ing them. */
export function splitOnWord(text: string, word: string): { text: string; isMatch: boolean }[] {
  if (!word) return [{ text, isMatch: false }];
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts: { text: string; isMatch: boolean }[] = [];
  const re = new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g');
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), isMatch: false });
    parts.push({ text: m[0], isMatch: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isMatch: false });
  return parts;
}

/** Each failure kind in the editor's words: the job page's title, and the jobs list's few words. */
const FAILURES: Record<string, { title: string; short: string }> = {
  PROCESSING_ERROR: { title: 'FFmpeg stopped with an error', short: 'ffmpeg error' },
  UNREACHABLE_INPUT_FILE: { title: 'An input could not be fetched', short: 'input not fetched' },
  INVALID_INPUT_FILE: { title: 'An input is not a media file ffmpeg can read', short: 'input unreadable' },
  MISSING_OUTPUT_FILE: { title: 'FFmpeg did not write an expected output', short: 'output missing' },
  TIMEOUT: { title: 'The job ran out of time', short: 'out of time' },
  QUOTA_EXCEEDED: { title: 'The account quota is used up', short: 'quota used up' },
  INTERRUPTED: { title: 'The service stopped while the job ran', short: 'interrupted' },
};

/** The job page's title for a failure kind (`error_status`); the kind itself where it is not known here. */
export function failureTitle(status: string | null | undefined): string | null {
  return status ? (FAILURES[status]?.title ?? status) : null;
}

/** The jobs list's few words for a failure kind ("ffmpeg error", not PROCESSING_ERROR). */
export function failureWords(status: string | null | undefined): string | null {
  return status ? (FAILURES[status]?.short ?? status.toLowerCase().replaceAll('_', ' ')) : null;
}
