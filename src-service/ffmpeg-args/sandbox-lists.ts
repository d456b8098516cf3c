import { readToken } from './filtergraph';
import { demuxerSettingReason } from './sandbox-options';
import { absoluteReason, findProtocol, firstReason, parentReason, percentReason } from './sandbox-paths';

/**
 * List files inside a zipped input folder (docs/api.md §4.10: HLS playlists, concat lists, DASH
 * manifests) name other files; ffmpeg opens what they name, so each reference must stay
 * inside the folder: relative, no `..`, and no URL of any scheme.
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
  return /^\s*#EXT-X-DEFINE\b/im.test(text) ? 'variable definitions (#EXT-X-DEFINE) are not allowed: they hide the paths a playlist names' : null;
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
  const encoding = /^\s*<\?xml\b[^>]*\bencoding\s*=\s*["']([^"']*)["']/i.exec(text.replace(/^\uFEFF/, ''))?.[1];
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
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (!line.startsWith('#')) references.push(line);
    for (const match of line.matchAll(/\bURI\s*=\s*(?:"([^"]*)"|([^,\s]*))/gi)) references.push(match[1] ?? match[2] ?? '');
  }
  return references;
}

/** BaseURL / Location texts and URL-bearing attributes, with XML entities decoded. */
function mpdReferences(text: string): string[] {
  const references: string[] = [];
  const elements = /<(?:[\w-]+:)?(BaseURL|Location|PatchLocation)\b[^>]*>([\s\S]*?)<\//gi;
  for (const match of text.matchAll(elements)) references.push(stripCdata(match[2] as string));
  // `id` as well: $RepresentationID$ substitutes it into media and initialization URLs.
  const attributes = /\b(?:media|initialization|index|sourceURL|bitstreamSwitching|href|id)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
  for (const match of text.matchAll(attributes)) references.push(match[1] ?? match[2] ?? '');
  return references.map(decodeXmlEntities);
}

const stripCdata = (text: string) => text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');

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
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const directive = readToken(line, 0, ' \t');
    const argument = readToken(line, directive.end, ' \t');
    if (directive.value === 'file') {
      const reason = referenceReason(argument.value);
      if (reason) return reason;
    } else if (directive.value === 'option') {
      const reason = demuxerSettingReason(argument.value, readToken(line, argument.end, ' \t').value);
      if (reason) return reason;
    }
  }
  return null;
}
