/**
 * The path and protocol rules of the sandbox: a command runs with its job folder as cwd
 * and must not read or write outside it (escape catalogue, sandbox.catalogue.test.ts).
 * Each function returns a human reason, or null when the text is fine.
 */

/** ffmpeg's URL protocols (libavformat/protocols.c, plus external-library variants). */
const PROTOCOLS = new Set([
  'amqp',
  'android_content',
  'async',
  'bluray',
  'cache',
  'concat',
  'concatf',
  'crypto',
  'data',
  'dtls',
  'fd',
  'file',
  'ftp',
  'ftps',
  'gopher',
  'gophers',
  'hls',
  'http',
  'https',
  'httpproxy',
  'icecast',
  'ipfs',
  'ipns',
  'libsmbclient',
  'libsrt',
  'libssh',
  'libzmq',
  'librist',
  'md5',
  'mms',
  'mmsh',
  'mmst',
  'nfs',
  'pipe',
  'prompeg',
  'quic',
  'rist',
  'rtp',
  'rtsp',
  'rtsps',
  'sap',
  'sctp',
  'sftp',
  'smb',
  'srt',
  'srtp',
  'subfile',
  'tcp',
  'tee',
  'tls',
  'udp',
  'udplite',
  'unix',
  'whip',
  'ws',
  'wss',
  'zmq',
]);
/** rtmp, rtmpe, rtmps, rtmpt, rtmpte, rtmpts, ffrtmpcrypt, ffrtmphttp (native and librtmp). */
const RTMP_FAMILY = /^(ff)?rtmp/;
/** These read a number after the colon with strtol, which skips whitespace. */
const WHITESPACE_TOLERANT = new Set(['pipe', 'fd']);
/** A maximal run of URL scheme characters (libavformat url_find_protocol) followed by `:`, or `subfile,`. */
const SCHEME_RUN = /(?<![A-Za-z0-9+.-])([A-Za-z0-9+.-]+)(:|,)/g;

const show = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** Absolute forms: `/x`, `\x`, `\\server\share`, `C:\x`, `C:/x`, and `~` (home). */
export function absoluteReason(piece: string, whole = piece): string | null {
  if (/^[/\\]/.test(piece) || /^[A-Za-z]:[/\\]/.test(piece)) return `absolute paths are not allowed: ${show(whole)}`;
  if (piece.startsWith('~')) return `home-directory (~) paths are not allowed: ${show(whole)}`;
  return null;
}

/** A `..` segment; also `...` and `.. ` which Windows path normalisation can turn into `..`. */
export function parentReason(text: string, separators: RegExp): string | null {
  const isParent = (segment: string) => /^\.{2,} *$/.test(segment);
  return text.split(separators).some(isParent) ? `parent-directory (..) paths are not allowed: ${show(text)}` : null;
}

/** Percent-encoded dots and separators (also double-encoded), which URL-style readers decode. */
export function percentReason(text: string): string | null {
  const match = /%(?:25)*(?:2e|2f|5c)/i.exec(text);
  return match ? `percent-encoded path characters are not allowed: ${match[0]} in ${show(text)}` : null;
}

/** The first known protocol named anywhere in `text` (case-insensitive), as `name:`. */
export function findProtocol(text: string, atStartOnly = false): string | null {
  for (const match of text.matchAll(SCHEME_RUN)) {
    if (atStartOnly && match.index !== 0) break;
    const run = (match[1] as string).toLowerCase();
    if (match[2] === ',' && run !== 'subfile') continue;
    const parts = run.split('+'); // nested protocols: crypto+file:, hls+http:
    const known = parts.find((p) => PROTOCOLS.has(p) || RTMP_FAMILY.test(p));
    if (known === undefined) continue;
    const after = text[(match.index ?? 0) + match[0].length];
    // `Title: x` is prose, not a URL: a protocol then whitespace cannot leave the folder.
    if (after !== undefined && /\s/.test(after) && !parts.some((p) => WHITESPACE_TOLERANT.has(p))) continue;
    return `${run}${match[2]}`;
  }
  return null;
}

export function protocolReason(text: string, atStartOnly = false): string | null {
  const protocol = findProtocol(text, atStartOnly);
  return protocol ? `protocol URLs are not allowed: ${protocol} in ${show(text)}` : null;
}

/**
 * A plain argument (not a filter graph): it may be a file name, an option value such as
 * `key=value:key2=value2`, a tee list `[f=mp4]a.mp4|b.mp4`, or a glob `{a,b}/*.png`, so
 * every piece between such separators is checked, and protocols anywhere.
 */
export function plainArgumentReason(token: string): string | null {
  // `}` ends a glob alternative, so what follows it continues a path: not a start.
  const pieces = token.split(/[\s{,|[\];=:'"]/);
  return (
    absoluteReason(token) ??
    protocolReason(token) ??
    firstReason(pieces, (piece) => absoluteReason(piece, token)) ??
    parentReason(token, /[\s/\\{},|[\];=:'"]/) ??
    percentReason(token)
  );
}

/**
 * One filter option value, already unescaped. The whole value is what a filter opens
 * (movie, subtitles, fontfile...), so protocols count only at the start of a piece; this
 * keeps `drawtext=text='see https://example.com'` legitimate. Glob braces are pieces too.
 */
export function filterValueReason(value: string): string | null {
  const pieces = value.split(/[{,|]/);
  return (
    absoluteReason(value) ??
    firstReason(pieces, (piece) => absoluteReason(piece, value)) ??
    parentReason(value, /[/\\{},|]/) ??
    firstReason(pieces, (piece) => protocolReason(piece, true)) ??
    percentReason(value)
  );
}

export function firstReason<T>(items: Iterable<T>, check: (item: T) => string | null): string | null {
  for (const item of items) {
    const reason = check(item);
    if (reason) return reason;
  }
  return null;
}
