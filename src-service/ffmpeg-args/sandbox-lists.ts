import { readToken } from './filtergraph';
import { demuxerSettingReason } from './sandbox-options';
import { absoluteReason, findProtocol, firstReason, parentReason, percentReason } from './sandbox-paths';

/**
 * List files inside a zipped input folder (docs/api.md §4.10: HLS playlists, concat lists, DASH
 * manifests) name other files; ffmpeg opens what they name, so each reference must stay
 * inside the folder: relative, no `..`, and no URL of any scheme.
 *
 * Every scan here is linear in the text (lines by index, elements by indexOf; no pattern that
 * can backtrack over the whole text): the text is untrusted and is checked on the event loop
 * (docs/sandbox.md, "Work on the event loop"; the patterns are audited in
 * ffmpeg-args/regex-audit.test.ts).
 */
export type ListFileKind = 'm3u8' | 'ffconcat' | 'mpd';

export function checkListFileText(text: string, kind: ListFileKind): string | null {
  if (kind === 'ffconcat') return ffconcatReason(text);
  const refused = kind === 'm3u8' ? m3u8Reason(text) : mpdReason(text);
  if (refused) return refused;
  const references = kind === 'm3u8' ? m3u8References(text) : mpdReferences(text);
  return firstReason(references, referenceReason);
}

/** `#EXT-X-DEFINE` variables are substituted into URIs (`{$dir}/x.ts`) by newer ffmpeg: the text would not show the path. */
function m3u8Reason(text: string): string | null {
  let found = false;
  forEachLine(text, (line) => {
    const start = line.trimStart();
    if (start.charCodeAt(0) === 35 && /^#EXT-X-DEFINE\b/i.test(start)) found = true;
  });
  return found ? 'variable definitions (#EXT-X-DEFINE) are not allowed: they hide the paths a playlist names' : null;
}

/**
 * Calls `fn` with each non-empty line (ended by \n, \r\n or \r, like `split(/\r?\n|\r/)`), by
 * index: linear, and no array (nor call) for each of the million empty lines of a file of newlines.
 */
export function forEachLine(text: string, fn: (line: string) => void): void {
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    if (i > start) fn(text.slice(start, i));
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
  if (text.length > start) fn(text.slice(start));
}

/** XML encodings a manifest may declare: others (UTF-7...) could spell a path the text check does not see. */
const XML_ENCODINGS = new Set(['utf-8', 'utf8', 'utf-16', 'us-ascii', 'ascii', 'iso-8859-1', 'latin1']);

/**
 * A DTD can declare entities that libxml2 expands into BaseURL text (`&dir;`), and
 * `$RepresentationID$` puts a Representation's id into segment URLs: both would hide
 * a path from the reference check, so DTDs are refused and ids are checked as references.
 */
function mpdReason(text: string): string | null {
  if (/<!(DOCTYPE|ENTITY)\b/i.test(text)) return 'a DTD or entity declaration (<!DOCTYPE, <!ENTITY) is not allowed in a DASH manifest';
  // The declaration is at the very start: only the first KiB is looked at.
  const encoding = /^\s*<\?xml\b[^>]*\bencoding\s*=\s*["']([^"']*)["']/i.exec(text.slice(0, 1024).replace(/^\uFEFF/, ''))?.[1];
  if (encoding !== undefined && !XML_ENCODINGS.has(encoding.trim().toLowerCase()))
    return `the XML encoding ${encoding} is not allowed in a DASH manifest (use UTF-8)`;
  return null;
}

/** Which kind of list a file's first bytes look like, whatever its extension; null for media. */
export function sniffListFileKind(head: string): ListFileKind | null {
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('#EXTM3U')) return 'm3u8';
  if (/^ffconcat\s/.test(start) || /^file\s/m.test(start)) return 'ffconcat';
  // ffmpeg's DASH demuxer matches the element name without its prefix, after any comments.
  if (start.startsWith('<') && /<(?:[\w.-]+:)?MPD\b/.test(start)) return 'mpd';
  return null;
}

function referenceReason(reference: string): string | null {
  const ref = reference.trim();
  if (ref === '') return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(ref);
  if (scheme && !/^[A-Za-z]:[/\\]/.test(ref)) return `references a URL (${scheme[1]}:), which is not allowed: ${ref}`;
  const protocol = findProtocol(ref, true); // `subfile,,start,0,...:path` has a comma before its colon
  if (protocol) return `references a URL (${protocol}), which is not allowed: ${ref}`;
  return absoluteReason(ref) ?? parentReason(ref, /[/\\]/) ?? percentReason(ref);
}

/** URI lines, and `URI="..."` attributes of tags (#EXT-X-KEY, #EXT-X-MAP, #EXT-X-MEDIA...). */
function m3u8References(text: string): string[] {
  const references: string[] = [];
  forEachLine(text, (raw) => {
    const line = raw.trim();
    if (line === '') return;
    if (!line.startsWith('#')) references.push(line);
    if (line.length > 3 && /uri/i.test(line))
      for (const match of line.matchAll(/\bURI\s*=\s*(?:"([^"]*)"|([^,\s]*))/gi)) references.push(match[1] ?? match[2] ?? '');
  });
  return references;
}

/** BaseURL / Location texts and URL-bearing attributes, with XML entities decoded. */
function mpdReferences(text: string): string[] {
  const references = elementTexts(text, REFERENCE_ELEMENTS).map(stripCdata);
  // `id` as well: $RepresentationID$ substitutes it into media and initialization URLs.
  const attributes = /\b(?:media|initialization|index|sourceURL|bitstreamSwitching|href|id)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
  for (const match of text.matchAll(attributes)) references.push(match[1] ?? match[2] ?? '');
  return references.map(decodeXmlEntities);
}

const REFERENCE_ELEMENTS = new Set(['baseurl', 'location', 'patchlocation']);
const isNameChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46;

/**
 * The text of each `<[prefix:]Name ...>text</` whose name (case-insensitive) is in `names`,
 * like a non-overlapping `/<(?:[\w-]+:)?(Name)\b[^>]*>([\s\S]*?)<\//gi`, in one pass: the
 * search resumes after each element's text, and an element that never ends stops it.
 */
export function elementTexts(text: string, names: Set<string>): string[] {
  const out: string[] = [];
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    let j = i + 1;
    while (j < text.length && isNameChar(text.charCodeAt(j))) j++;
    let name = text.slice(i + 1, j);
    if (text[j] === ':' && name !== '') {
      const k = j + 1;
      for (j = k; j < text.length && isNameChar(text.charCodeAt(j)); j++);
      name = text.slice(k, j);
    }
    if (!names.has(name.toLowerCase()) || isNameChar(text.charCodeAt(j))) continue;
    const gt = text.indexOf('>', j);
    if (gt === -1) break;
    const close = text.indexOf('</', gt + 1);
    if (close === -1) break;
    out.push(text.slice(gt + 1, close));
    i = close;
  }
  return out;
}

/** `<![CDATA[x]]>` becomes `x`, in one pass; an unclosed section stays as it is. */
function stripCdata(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('<![CDATA[', from);
    const close = open === -1 ? -1 : text.indexOf(']]>', open + 9);
    if (close === -1) return out + text.slice(from);
    out += text.slice(from, open) + text.slice(open + 9, close);
    from = close + 3;
  }
}

function decodeXmlEntities(text: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return named[entity.toLowerCase()] ?? whole;
  });
}

/**
 * The concat demuxer's directives (ffmpeg-formats, concat): `file <path>` names a file;
 * `option <key> <value>` sets options on that file's demuxer, which must not weaken it.
 */
function ffconcatReason(text: string): string | null {
  let found: string | null = null;
  forEachLine(text, (raw) => {
    if (found) return;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const directive = readToken(line, 0, ' \t');
    const argument = readToken(line, directive.end, ' \t');
    if (directive.value === 'file') found = referenceReason(argument.value);
    else if (directive.value === 'option') found = demuxerSettingReason(argument.value, readToken(line, argument.end, ' \t').value);
  });
  return found;
}
