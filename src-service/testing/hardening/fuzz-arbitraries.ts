import fc from 'fast-check';

/**
 * Generators for the API fuzzer (fuzz.service.test.ts): hostile scalars, structured
 * mutations of valid bodies, raw body bytes, path segments, queries and headers. Valid
 * command bodies read only from a loopback port that refuses connections, so whatever
 * gets through fails at download and no real ffmpeg work piles up.
 */
export const DEAD_INPUT = 'http://127.0.0.1:9/in.mp4';

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000x',
  '\t\r\n',
  '\uFEFF',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u{1F4A9}',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '../../../etc/passwd',
  '..',
  '.',
  '/',
  '\\',
  '%2e%2e%2f',
  '%252e%252e%252f',
  '%00',
  '%',
  '%zz',
  '~',
  'C:\\Windows',
  '//evil.example',
  '{{in_1}}',
  '{{out_1}}',
  '{{',
  '}}',
  '{{in_}}',
  '{{out_1}}{{out_1}}',
  '\\{\\{in_1\\}\\}',
  'OUTPUT_FOLDER',
  'out_playlist_1',
  'file:///etc/passwd',
  'http://127.0.0.1:9/x',
  'https://',
  'http://[::1',
  'javascript:alert(1)',
  'data:,x',
  "' OR 1=1 --",
  '"; DROP TABLE commands; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '-i',
  '-f lavfi -i testsrc',
  '"',
  "'",
  '`',
  '"unterminated',
  "'unterminated",
  'a\\',
  '\\\\\\',
  '[in]split[a][b]',
  ';;;;',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(100, 5_000, 120_000).map((n) => 'A'.repeat(n)) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    5 * 2 ** 40,
    5 * 2 ** 40 + 1,
    1e308,
    -1e308,
    5e-324,
    604_800,
    604_801,
    10_000,
    10_001,
  ),
);

/** Any JSON value, deep and wide, hostile scalars included. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    nastyNumber,
    nastyString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(nastyString, fc.string({ maxLength: 10 })), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Raw JSON texts JSON.stringify never writes: big integers, duplicate keys, deep nesting, trailing junk. */
export const oddJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.bigInt().map((n) => `{"size_bytes": ${n}, "limit": ${n}}`),
  fc.constantFrom(
    '{"a":1,"a":2}',
    '{"output_files":{"out_1":"a.mp4","out_1":"b.mp4"}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
    '{"x":1} trailing',
    '{"x":',
    '{',
    '[',
    '"just a string"',
    '123',
    'null',
    'true',
    'NaN',
    '{"x": Infinity}',
    "{'single': 'quotes'}",
    '{"x":1,}',
    '\uFEFF{}',
    '{"x":"\\ud800"}',
    '{"x":"\\u0000"}',
    '{"__proto__":{"is_private":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '1e999',
    '-',
    '{"x":1e999}',
  ),
);

export interface BodyMutation {
  text: string;
  /** Bytes to send instead of `text` (invalid UTF-8). */
  bytes?: Buffer;
}

/** Structured mutations of a valid body: each keeps most of it valid so checks deep inside are reached. */
export function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<BodyMutation> {
  const fields = Object.keys(valid);
  const setField = fc.tuple(fc.constantFrom(...fields), anyJson).map(([k, v]) => ({ ...valid, [k]: v }));
  const dropField = fc.constantFrom(...fields).map((k) => Object.fromEntries(Object.entries(valid).filter(([f]) => f !== k)));
  const extraField = fc.tuple(nastyString, anyJson).map(([k, v]) => ({ ...valid, [k]: v }));
  const nested = fc.tuple(fc.constantFrom(...fields), fc.constantFrom(1, 50, 2000)).map(([k, depth]) => {
    let v: unknown = valid[k];
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { v };
    return { ...valid, [k]: v };
  });
  const deepField = fc.tuple(fc.constantFrom(...fields), nastyString, anyJson).map(([k, inner, v]) => {
    const current = valid[k];
    if (current && typeof current === 'object' && !Array.isArray(current)) return { ...valid, [k]: { ...current, [inner]: v } };
    if (Array.isArray(current)) return { ...valid, [k]: [...current, v] };
    return { ...valid, [k]: [current, v] };
  });
  // Wide collections near the 1 MiB body limit: many aliases, ids, parts, commands.
  const wide = fc.tuple(fc.constantFrom(...fields), fc.constantFrom(11, 101, 1001, 1001, 10_001, 30_000), fc.boolean()).map(([k, n, asObject]) => ({
    ...valid,
    [k]: asObject
      ? Object.fromEntries(Array.from({ length: n }, (_, i) => [`in_${i}`, `http://127.0.0.1:9/${i}`]))
      : Array.from({ length: n }, (_, i) => (i % 2 ? { part_number: i, etag: `"${i}"` } : `${i}`)),
  }));
  const asJson = fc
    .oneof(
      { arbitrary: setField, weight: 3 },
      { arbitrary: dropField, weight: 2 },
      { arbitrary: extraField, weight: 2 },
      { arbitrary: nested, weight: 1 },
      { arbitrary: deepField, weight: 2 },
      { arbitrary: wide, weight: 1 },
      { arbitrary: anyJson, weight: 1 },
    )
    .map((b) => ({ text: JSON.stringify(b) ?? 'null' }));
  const broken = fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 })).map(([at, junk]) => {
    const text = JSON.stringify(valid);
    const cut = at % (text.length + 1);
    const bytes = Buffer.concat([Buffer.from(text.slice(0, cut)), Buffer.from([0xc3, 0x28, 0xff, ...junk]), Buffer.from(text.slice(cut))]);
    return { text, bytes };
  });
  return fc.oneof({ weight: 6, arbitrary: asJson }, { weight: 1, arbitrary: oddJsonText.map((text) => ({ text })) }, { weight: 1, arbitrary: broken });
}

/** ffmpeg command texts built from tokens the command parser and the sandbox care about. */
export const commandText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '-i',
        '{{in_1}}',
        '{{out_1}}',
        '{{out_2}}',
        '{{in_2}}',
        '-f',
        'lavfi',
        'hls',
        'concat',
        'null',
        '-',
        '-vf',
        '-af',
        '-filter_complex',
        '-map',
        '0:v',
        '[a]',
        '-c',
        'copy',
        '-y',
        '-safe',
        '0',
        '-attach',
        '-dump_attachment:t',
        '-progress',
        '--',
        '-/vf',
        '"',
        "'",
        '\\',
        '|',
        ';',
        'movie=x.mp4',
        "subtitles='{{in_1}}'",
        "drawtext=text='a:b'",
        'split[a][b];[a]null[c]',
        'concat:a|b',
        'file:x',
        'pipe:1',
        '%03d.png',
        '*.png',
        '{a,b}',
        '../x',
        '/x',
        '~',
        'a"b"c',
        "'a'\\''b'",
        '\\{\\{in_1\\}\\}',
        '$(id)',
        '`id`',
        '&&',
        '>',
        '<',
        '2>&1',
      ),
      nastyString,
    ),
    { maxLength: 14 },
  )
  .map((tokens) => tokens.join(' '));

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  ';;',
  'application/json, text/plain',
];

/** A path segment: real ids, random ids, and hostile text, already made safe for the request line. */
export function pathSegment(realIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: nastyString.map((s) => encodeSegment(s)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%00',
        '%2e%2e',
        '%2e%2e%2f%2e%2e',
        '..%2f..%2fffdesk.db',
        '%252e%252e',
        '%',
        '%zz',
        '%c0%ae%c0%ae',
        '%ff%fe',
        '..',
        '.',
        ';',
        '@',
        'a'.repeat(300),
        'a'.repeat(20_000),
      ),
    },
  );
}

/** Percent-encodes what node:http cannot send raw, keeping the rest so odd-but-legal text reaches the router. */
export function encodeSegment(s: string): string {
  return Array.from(s)
    .map((ch) => (/^[A-Za-z0-9\-._~!$&'()*+,;=:@%]$/.test(ch) ? ch : encodeURIComponent(safeChar(ch))))
    .join('');
}

function safeChar(ch: string): string {
  return /[\ud800-\udfff]/.test(ch) ? '\ufffd' : ch;
}

/** `?a=b&...`: the route's own keys with hostile values, duplicates, and strangers. */
export function queryString(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...keys, 'limit', 'offset', '__proto__', 'constructor', 'token', ''), nastyString.map(encodeSegment));
  const value = fc
    .oneof(fc.constantFrom('1', '0', '-1', '1000', '1001', '604800', '604801', '1e3', '0x10', ' 1', '1.5', '', '99999999999999999999'), nastyString)
    .map(encodeSegment);
  return fc.array(fc.tuple(key, value), { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

/** Header values node:http will send (no CR/LF/NUL, Latin-1 only). */
export const headerValue: fc.Arbitrary<string> = nastyString.map((s) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 8000));
