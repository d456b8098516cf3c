import crypto from 'node:crypto';
import type { RawEntry } from '../zip-builder';

/**
 * The end-to-end escape catalogue: known ways to make ffmpeg (or the storage routes) read
 * or write outside a command's job folder, each sent through the HTTP API. `submit` tricks
 * must be refused with a 422; `run` tricks get past submit (their danger is inside files)
 * and must end FAILED with the given error_status. Ideas from ffmpeg-args/sandbox.catalogue.test.ts,
 * ffmpeg's protocol and demuxer docs, and the bugs this catalogue found.
 */
export interface TrickContext {
  /** An outside folder holding canary.txt, canary.ts, canary.mp4, canary.srt (absolute, no spaces). The data dir holds canary.ts, canary.mp4 and canary-secret.txt too. */
  outside: string;
  /** URL of a tiny real video for `in_1`. */
  video: string;
  /** Base URL of the media server (serves the zips and hostile lists). */
  mediaUrl: string;
  /** Service base URL. */
  serviceUrl: string;
  /** A stored public HLS playlist (folder blob) of the caller. */
  playlistId: string;
  /** A presigned URL of a stored private file, valid for an hour. */
  privateUrl: string;
  /** A tiny real MPEG-TS segment (1 s), for playlists that need a real segment inside the folder. */
  tinyTs: Buffer;
}

export interface Trick {
  name: string;
  expect: 'submit' | 'run';
  /** For `run` tricks: the error_status the command must end with. */
  errorStatus?: string;
  /**
   * The argument and list checks miss this trick today (it is listed in docs/sandbox.md):
   * only the operating-system sandbox holds it. Its run without the sandbox is skipped.
   */
  parserMiss?: true;
  /**
   * Its only media lies outside the job folder: a SUCCESS means something outside was read,
   * so under the sandbox it must end FAILED.
   */
  readsOutside?: true;
  /** Served as `<mediaUrl>/zips/<slug>.zip` and passed as input_compressed_folder. */
  zip?: (c: TrickContext) => RawEntry[];
  body(c: TrickContext, zipUrl: string): Record<string, unknown>;
}

const run = (ffmpeg_command: string, extra: Record<string, unknown> = {}) => ({
  output_files: { out_1: 'out.mp4' },
  ffmpeg_command,
  vcpu_count: 1,
  max_command_run_seconds: 30,
  ...extra,
});
const withVideo = (c: TrickContext, ffmpeg_command: string, extra: Record<string, unknown> = {}) =>
  run(ffmpeg_command, { input_files: { in_1: c.video }, ...extra });
const folderOut = { output_files: 'OUTPUT_FOLDER' };
const fromZip =
  (command: string, out: Record<string, unknown> = {}) =>
  (_c: TrickContext, zipUrl: string) =>
    run(command, { input_compressed_folder: zipUrl, ...out });

const hls = (segment: string, tags = '') => `#EXTM3U\n#EXT-X-TARGETDURATION:2\n${tags}#EXTINF:1,\n${segment}\n#EXT-X-ENDLIST\n`;
const mpd = (representation: string, before = '') =>
  `${before}<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">` +
  `<Period><AdaptationSet mimeType="video/mp4">${representation}</AdaptationSet></Period></MPD>\n`;
const rep = (inner: string, id = '0') => `<Representation id="${id}" bandwidth="100000" width="64" height="48" codecs="avc1.64000a">${inner}</Representation>`;

/** Command-text tricks: refused at submit. */
export const SUBMIT_TRICKS: Trick[] = [
  { name: 'an input names an absolute path outside', expect: 'submit', body: (c) => run(`-i ${c.outside}/canary.ts -c copy {{out_1}}`) },
  {
    name: '-y overwrites a file outside by absolute path',
    expect: 'submit',
    body: (c) => withVideo(c, `-y -i {{in_1}} -c copy ${c.outside}/canary.ts`, folderOut),
  },
  {
    name: 'an input climbs to the data dir with ..',
    expect: 'submit',
    body: () => run('-f rawvideo -pix_fmt gray -s 1x1 -i ../../local-api-key -f rawvideo {{out_1}}', { output_files: { out_1: 'k.raw' } }),
  },
  { name: 'an output climbs to the data dir with ..', expect: 'submit', body: (c) => withVideo(c, '-i {{in_1}} -c copy ../../pwned.mp4', folderOut) },
  { name: 'an input starts at the home directory', expect: 'submit', body: () => run('-i ~/.bashrc {{out_1}}') },
  { name: 'the file: protocol is named in the command', expect: 'submit', body: (c) => run(`-i file:${c.outside}/canary.ts -c copy {{out_1}}`) },
  {
    name: 'the concat: protocol joins an outside file',
    expect: 'submit',
    body: (c) => withVideo(c, `-i "concat:{{in_1}}|${c.outside}/canary.ts" -c copy {{out_1}}`),
  },
  { name: 'the subfile protocol wraps an outside path', expect: 'submit', body: (c) => run(`-i "subfile,,start,0,end,0,,:${c.outside}/canary.txt" {{out_1}}`) },
  {
    name: 'a data: URI smuggles a playlist pointing outside',
    expect: 'submit',
    body: (c) => run(`-f hls -i "data:application/x-mpegurl;base64,${Buffer.from(hls(`${c.outside}/canary.ts`)).toString('base64')}" -c copy {{out_1}}`),
  },
  { name: 'pipe: reads an inherited descriptor', expect: 'submit', body: () => run('-i pipe:0 {{out_1}}') },
  { name: 'fd: reads an inherited descriptor', expect: 'submit', body: () => run('-f rawvideo -s 1x1 -pix_fmt gray -i fd:3 {{out_1}}') },
  { name: 'a tcp: socket is opened', expect: 'submit', body: (c) => run(`-i tcp://${new URL(c.mediaUrl).host} {{out_1}}`) },
  { name: 'an http: URL is read without being declared as an input', expect: 'submit', body: (c) => run(`-i ${c.video} -c copy {{out_1}}`) },
  { name: 'nested crypto+file: hides a file read', expect: 'submit', body: (c) => run(`-i crypto+file:${c.outside}/canary.ts {{out_1}}`) },
  { name: 'a lavfi movie= source opens an outside file', expect: 'submit', body: (c) => run(`-f lavfi -i "movie=${c.outside}/canary.ts" {{out_1}}`) },
  {
    name: 'an amovie= filter opens an outside file',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -filter_complex "amovie=${c.outside}/canary.ts[a]" -map [a] {{out_1}}`),
  },
  {
    name: 'a quoted movie= overlay opens an outside file',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -vf "movie='${c.outside}/canary.ts'[w];[in][w]overlay" {{out_1}}`),
  },
  { name: 'subtitles= burns in an outside file', expect: 'submit', body: (c) => withVideo(c, `-i {{in_1}} -vf subtitles=${c.outside}/canary.srt {{out_1}}`) },
  {
    name: 'drawtext fontfile= loads an outside font',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -vf "drawtext=fontfile=${c.outside}/font.ttf:text=x" {{out_1}}`),
  },
  {
    name: 'drawtext textfile= climbs to the data dir',
    expect: 'submit',
    body: (c) => withVideo(c, '-i {{in_1}} -vf "drawtext=textfile=../../canary-secret.txt" {{out_1}}'),
  },
  {
    name: 'sendcmd reinits drawtext with an outside textfile',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -vf "sendcmd=c='0 drawtext reinit textfile=${c.outside}/canary.txt',drawtext=text=x" {{out_1}}`),
  },
  {
    name: 'sendcmd reads its commands from a file',
    expect: 'submit',
    body: (c) => withVideo(c, '-i {{in_1}} -vf "sendcmd=f=cmds.txt,drawtext=text=x" {{out_1}}'),
  },
  {
    name: '-dump_attachment writes outside',
    expect: 'submit',
    body: (c) => withVideo(c, `-dump_attachment:t ${c.outside}/dump.ttf -i {{in_1}} -c copy {{out_1}}`),
  },
  {
    name: '-attach embeds an outside file',
    expect: 'submit',
    body: (c) =>
      withVideo(c, `-i {{in_1}} -attach ${c.outside}/canary.txt -metadata:s:t mimetype=text/plain -c copy {{out_1}}`, { output_files: { out_1: 'out.mkv' } }),
  },
  {
    name: 'an output file name climbs out',
    expect: 'submit',
    body: (c) => withVideo(c, '-i {{in_1}} {{out_1}}', { output_files: { out_1: 'sub/../../pwned.mp4' } }),
  },
  {
    name: 'an output file name is absolute',
    expect: 'submit',
    body: (c) => withVideo(c, '-i {{in_1}} {{out_1}}', { output_files: { out_1: `${c.outside}/pwned.mp4` } }),
  },
  { name: 'an output file name is ..', expect: 'submit', body: (c) => withVideo(c, '-i {{in_1}} -f mp4 {{out_1}}', { output_files: { out_1: '..' } }) },
  { name: 'an image2 pattern climbs out', expect: 'submit', body: () => run('-f image2 -i ../frames/%03d.png {{out_1}}') },
  { name: 'a glob pattern lists an outside folder', expect: 'submit', body: (c) => run(`-pattern_type glob -i '${c.outside}/*.ts' {{out_1}}`) },
  {
    name: 'a tee output copies to an outside path',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -map 0 -f tee "[f=mp4]{{out_1}}|[f=mp4]${c.outside}/tee.mp4"`),
  },
  { name: 'dots are percent-encoded', expect: 'submit', body: () => run('-i %2e%2e/%2e%2e/canary-secret.txt {{out_1}}') },
  { name: 'an alias is followed by ..', expect: 'submit', body: (c) => withVideo(c, '-i {{in_1}}/../../../canary-secret.txt {{out_1}}') },
  {
    name: 'HLS segments are written to the parent folder',
    expect: 'submit',
    body: (c) => withVideo(c, '-i {{in_1}} -hls_segment_filename ../seg%d.ts {{out_playlist_1}}', { output_files: { out_playlist_1: 'index.m3u8' } }),
  },
  {
    name: 'x264 writes its stats file outside',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -c:v libx264 -x264-params stats=${c.outside}/x264.log {{out_1}}`),
  },
  {
    name: 'the two-pass log is written outside',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -pass 1 -passlogfile ${c.outside}/pass -c:v libx264 {{out_1}}`),
  },
  { name: 'a filter script is read from a file', expect: 'submit', body: (c) => withVideo(c, '-i {{in_1}} -filter_script:v graph.txt {{out_1}}') },
  {
    name: 'the protocol whitelist is widened',
    expect: 'submit',
    body: (c) => run('-protocol_whitelist file,http,tcp -i list.m3u8 {{out_1}}', { input_compressed_folder: `${c.mediaUrl}/zips/none.zip` }),
  },
  {
    name: 'a segment list is written outside',
    expect: 'submit',
    body: (c) => withVideo(c, `-i {{in_1}} -f segment -segment_list ${c.outside}/list.m3u8 seg%03d.ts`, folderOut),
  },
  { name: 'the database is overwritten through ..', expect: 'submit', body: (c) => withVideo(c, '-y -i {{in_1}} -f data ../../ffdesk.db', folderOut) },
];

const RANDOM_PADDING_LINES = () => {
  // Incompressible comment lines (a zip bomb check must not be what refuses it), 33 MiB in all.
  const lines: string[] = [];
  for (let size = 0; size < 33 * 1024 * 1024; size += 8194) {
    lines.push(`#${crypto.randomBytes(6144).toString('base64')}`);
  }
  return lines.join('\n');
};

/** Tricks inside files (zips, lists, stored-file URLs): they get past submit and must fail at run time. */
export const RUN_TRICKS: Trick[] = [
  {
    name: 'an HLS playlist in the zip names an absolute segment',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'list.m3u8', data: hls(`${c.outside}/canary.ts`) }],
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS playlist climbs out with ..',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: 'list.m3u8', data: hls('../../canary.ts') }],
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS playlist names a file: URL',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'list.m3u8', data: hls(`file:${c.outside}/canary.ts`) }],
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS key URI reads an outside file',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [
      { name: 'list.m3u8', data: hls('seg.ts', `#EXT-X-KEY:METHOD=AES-128,URI="${c.outside}/canary.txt"\n`) },
      { name: 'seg.ts', data: 'x' },
    ],
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS playlist hides its lines behind a NUL byte (found by this catalogue)',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'list.m3u8', data: hls(`${c.outside}/canary.ts`, '#\0\n') }],
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'a NUL-byte playlist is named like media and forced with -f hls',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'clip.bin', data: hls(`${c.outside}/canary.ts`, '#\0\n') }],
    body: fromZip('-f hls -i clip.bin -c copy {{out_1}}'),
  },
  {
    name: 'a master playlist leads to a variant pointing outside',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [
      { name: 'master.m3u8', data: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000\nv/index.m3u8\n' },
      { name: 'v/index.m3u8', data: hls(`${c.outside}/canary.ts`) },
    ],
    body: fromZip('-i master.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS playlist defines variables to hide a path',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'list.m3u8', data: hls('{$d}/canary.ts', `#EXT-X-DEFINE:NAME="d",VALUE="${c.outside}"\n`) }],
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS playlist is disguised as .mp4',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'movie.mp4', data: hls(`${c.outside}/canary.ts`) }],
    body: fromZip('-i movie.mp4 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS playlist larger than the checker reads (found by this catalogue)',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [
      {
        name: 'big.m3u8',
        data: `#EXTM3U\n#EXT-X-TARGETDURATION:2\n${RANDOM_PADDING_LINES()}\n#EXTINF:1,\n${c.outside}/canary.ts\n#EXT-X-ENDLIST\n`,
        method: 8,
      },
    ],
    body: fromZip('-i big.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'a concat list names an absolute file',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'list.txt', data: `ffconcat version 1.0\nfile '${c.outside}/canary.ts'\n` }],
    body: fromZip('-f concat -i list.txt -c copy {{out_1}}'),
  },
  {
    // -safe 0 is allowed (scripts for the hosted service pass it): the list check holds what it lets through.
    name: 'the concat demuxer is made unsafe with -safe 0, its list naming an absolute file',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'list.txt', data: `ffconcat version 1.0\nfile '${c.outside}/canary.ts'\n` }],
    body: fromZip('-f concat -safe 0 -i list.txt -c copy {{out_1}}'),
  },
  {
    name: 'a concat list climbs out with ..',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: 'list.txt', data: 'file ../../canary-secret.txt\n' }],
    body: fromZip('-f concat -i list.txt -c copy {{out_1}}'),
  },
  {
    name: 'a concat list turns safe off for a file',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [
      { name: 'list.txt', data: 'ffconcat version 1.0\nfile inner.txt\noption safe 0\n' },
      { name: 'inner.txt', data: 'x' },
    ],
    body: fromZip('-f concat -i list.txt -c copy {{out_1}}'),
  },
  {
    name: 'a zip holds a symlink to an outside file',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'link.ts', data: `${c.outside}/canary.ts`, mode: 0o120777, method: 0 }],
    body: fromZip('-i link.ts -c copy {{out_1}}'),
  },
  {
    name: 'a zip entry climbs out (zip slip)',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [
      { name: '../../pwned.txt', data: 'pwned' },
      { name: 'a.txt', data: 'x' },
    ],
    body: fromZip('-i a.txt {{out_1}}'),
  },
  {
    name: 'a zip entry has an absolute name',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: `${c.outside}/pwned.txt`, data: 'pwned' }],
    body: fromZip('-i pwned.txt {{out_1}}'),
  },
  {
    name: 'a zip entry climbs out with backslashes',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: '..\\..\\pwned.txt', data: 'pwned' }],
    body: fromZip('-i pwned.txt {{out_1}}'),
  },
  {
    name: 'a DASH manifest names a BaseURL outside',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: 'm.mpd', data: mpd(rep('<BaseURL>../../canary.mp4</BaseURL>')) }],
    body: fromZip('-f dash -i m.mpd -c copy {{out_1}}'),
  },
  {
    name: 'a DASH manifest starts with a comment and is named .txt (found by this catalogue)',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: 'm.txt', data: mpd(rep('<BaseURL>../../canary.mp4</BaseURL>'), `<!-- ${'x'.repeat(600)} -->\n`) }],
    body: fromZip('-f dash -i m.txt -c copy {{out_1}}'),
  },
  {
    name: 'a DASH manifest hides a path in an XML entity (found by this catalogue)',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: 'm.mpd', data: mpd(rep('<BaseURL>&p;</BaseURL>'), '<?xml version="1.0"?>\n<!DOCTYPE MPD [<!ENTITY p "../../canary.mp4">]>\n') }],
    body: fromZip('-f dash -i m.mpd -c copy {{out_1}}'),
  },
  {
    name: 'a DASH manifest is written in UTF-16 (found by this catalogue)',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [
      {
        name: 'm.txt',
        data: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(mpd(rep('<BaseURL>../../canary.mp4</BaseURL>'), '<?xml version="1.0"?>\n'), 'utf16le')]),
      },
    ],
    body: fromZip('-f dash -i m.txt -c copy {{out_1}}'),
  },
  {
    name: 'a DASH template puts a climbing Representation id into URLs (found by this catalogue)',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [
      {
        name: 'm.mpd',
        data: mpd(
          rep(
            '<SegmentTemplate initialization="$RepresentationID$.mp4" media="$RepresentationID$-$Number$.m4s" startNumber="1" duration="1" timescale="1"/>',
            '../../canary',
          ),
        ),
      },
    ],
    body: fromZip('-f dash -i m.mpd -c copy {{out_1}}'),
  },
  {
    name: 'a DASH manifest declares a UTF-7 encoding',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: 'm.mpd', data: mpd(rep('<BaseURL>+AC4ALg-/+AC4ALg-/canary.mp4</BaseURL>'), '<?xml version="1.0" encoding="UTF-7"?>\n') }],
    body: fromZip('-f dash -i m.mpd -c copy {{out_1}}'),
  },
  {
    name: 'a downloaded input is a playlist pointing outside',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    body: (c) => run('-i {{in_1}} -c copy {{out_1}}', { input_files: { in_1: `${c.mediaUrl}/hostile.m3u8` } }),
  },
  {
    name: 'a stored playlist URL climbs out with %2F (found by this catalogue)',
    expect: 'run',
    errorStatus: 'UNREACHABLE_INPUT_FILE',
    body: (c) =>
      run('-f rawvideo -pix_fmt gray -s 1x1 -i {{in_1}} -f rawvideo {{out_1}}', {
        input_files: { in_1: `${c.serviceUrl}/storage/${c.playlistId}/..%2F..%2F..%2Flocal-api-key` },
        output_files: { out_1: 'k.raw' },
      }),
  },
  {
    name: 'a stored playlist URL climbs out with a double-encoded ..',
    expect: 'run',
    errorStatus: 'UNREACHABLE_INPUT_FILE',
    body: (c) =>
      run('-f rawvideo -pix_fmt gray -s 1x1 -i {{in_1}} -f rawvideo {{out_1}}', {
        input_files: { in_1: `${c.serviceUrl}/storage/${c.playlistId}/%252e%252e%252f%252e%252e%252flocal-api-key` },
        output_files: { out_1: 'k.raw' },
      }),
  },
  {
    name: 'a private stored file is read with a tampered signature',
    expect: 'run',
    errorStatus: 'UNREACHABLE_INPUT_FILE',
    body: (c) => run('-i {{in_1}} -c copy {{out_1}}', { input_files: { in_1: tamperSignature(c.privateUrl) } }),
  },
];

/** Flips one character of the signature in `/storage/s/<kid>.<exp>.<sig>/...`. */
export function tamperSignature(url: string): string {
  return url.replace(/(\/storage\/s\/[^.]+\.\d+\.)([A-Za-z0-9_-])/, (_m, head: string, ch: string) => `${head}${ch === 'A' ? 'B' : 'A'}`);
}

/** Storage URLs that try to climb out of a stored folder: each must be 404/403 and never serve the key. */
export const STORAGE_PATH_TRICKS: { name: string; path: (c: TrickContext) => string }[] = [
  { name: 'a %2F-encoded climb inside a playlist URL', path: (c) => `/storage/${c.playlistId}/..%2F..%2F..%2Flocal-api-key` },
  { name: 'fully percent-encoded dots and slashes', path: (c) => `/storage/${c.playlistId}/%2e%2e%2f%2e%2e%2f%2e%2e%2flocal-api-key` },
  { name: 'double-encoded dots and slashes', path: (c) => `/storage/${c.playlistId}/%252e%252e%252f%252e%252e%252f%252e%252e%252flocal-api-key` },
  { name: 'encoded backslashes', path: (c) => `/storage/${c.playlistId}/..%5c..%5c..%5clocal-api-key` },
  { name: 'an encoded absolute path', path: (c) => `/storage/${c.playlistId}/%2F${c.outside.slice(1).replaceAll('/', '%2F')}%2Fcanary.txt` },
  { name: 'a NUL byte in the inner path', path: (c) => `/storage/${c.playlistId}/index.m3u8%00.txt` },
  { name: 'the file id itself is ..', path: () => '/storage/%2e%2e/%2e%2e/local-api-key' },
];

const chained = (ffmpeg_commands: string[], extra: Record<string, unknown> = {}) => ({
  output_files: { out_1: 'out.mp4' },
  ffmpeg_commands,
  vcpu_count: 1,
  max_command_run_seconds: 30,
  ...extra,
});
/** A file the checker takes for media (NULs in its head) whose tail, past `skip` bytes, is `text`. */
const hiddenAfterNuls = (text: string, skip = 4100) => Buffer.concat([Buffer.alloc(skip), Buffer.from(text)]);
const lowerMpd = (baseUrl: string) =>
  '<mpd xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">' +
  `<period><adaptationset mimeType="video/mp4"><representation id="0" bandwidth="100000" width="64" height="48" codecs="avc1.64000a"><baseurl>${baseUrl}</baseurl></representation></adaptationset></period></mpd>\n`;
const dottedMpd = (baseUrl: string) =>
  mpd(rep(`<a.b:BaseURL>${baseUrl}</a.b:BaseURL>`))
    .replace(/<(\/?)(MPD|Period|AdaptationSet|Representation)\b/g, '<$1a.b:$2')
    .replace('xmlns="urn', 'xmlns:a.b="urn');
const segmentAnd = (c: TrickContext, name: string, data: string | Buffer) => [
  { name: 'a.ts', data: c.tinyTs },
  { name, data },
];

/**
 * The classes an independent red-team pass found against the argument checks, several
 * variants each, plus new ones. Each must be held at least by the operating-system
 * sandbox; `parserMiss` marks those the checks alone miss today (docs/sandbox.md).
 */
export const RED_TEAM_TRICKS: Trick[] = [
  // image2 glob patterns: `.?` and `.*` match the `..` entries, so the pattern climbs out.
  {
    name: 'an image2 glob .?/.?/ reads the local API key',
    expect: 'submit',
    parserMiss: true,
    readsOutside: true,
    body: () => run("-f image2 -pattern_type glob -i '.?/.?/local-api-key' -c copy -f image2 {{out_1}}", { output_files: { out_1: 'k.txt' } }),
  },
  {
    name: 'an image2 glob .*/.*/ reads a data-dir secret',
    expect: 'submit',
    parserMiss: true,
    readsOutside: true,
    body: () => run("-f image2 -pattern_type glob -i '.*/.*/canary-secret.txt' -c copy -f image2 {{out_1}}", { output_files: { out_1: 'k.txt' } }),
  },
  {
    name: 'an image2 glob climbs three levels into another temp folder',
    expect: 'submit',
    parserMiss: true,
    readsOutside: true,
    body: () => run("-f image2 -pattern_type glob -i '.?/.?/.?/ffdesk-outside-*/canary.txt' -c copy -f image2 {{out_1}}", { output_files: { out_1: 'k.txt' } }),
  },
  {
    name: 'an image2 glob spells .. as a bracket class',
    expect: 'submit',
    body: () => run("-f image2 -pattern_type glob -i '.[.]/.[.]/canary-secret.txt' -c copy -f image2 {{out_1}}", { output_files: { out_1: 'k.txt' } }),
  },
  // The tee muxer unescapes `\\` inside its [options]: `.\\./` is `../` to it.
  {
    name: 'a tee segment_list escapes out with .\\./',
    expect: 'submit',
    parserMiss: true,
    body: (c) => withVideo(c, "-i {{in_1}} -map 0 -c copy -f tee '[f=segment:segment_list=.\\./.\\./pwned-list.m3u8]seg%03d.ts'", folderOut),
  },
  {
    name: 'a tee segment_list writes attacker text outside',
    expect: 'submit',
    parserMiss: true,
    body: (c) =>
      withVideo(
        c,
        "-i {{in_1}} -map 0 -c copy -f tee '[f=segment:segment_list=.\\./.\\./pwned-list.m3u8:segment_list_entry_prefix=PWNED-TEXT-]seg%03d.ts'",
        folderOut,
      ),
  },
  {
    name: 'a tee hls_segment_filename escapes out',
    expect: 'submit',
    parserMiss: true,
    body: (c) =>
      withVideo(c, "-i {{in_1}} -map 0 -c:v libx264 -preset ultrafast -f tee '[hls_segment_filename=.\\./.\\./pwned%d.ts:f=hls]{{out_playlist_1}}'", {
        output_files: { out_playlist_1: 'index.m3u8' },
      }),
  },
  {
    name: 'a tee option escapes both dots and slashes',
    expect: 'submit',
    parserMiss: true,
    body: (c) => withVideo(c, "-i {{in_1}} -map 0 -c copy -f tee '[f=segment:segment_list=.\\.\\/.\\.\\/pwned-list.m3u8]seg%03d.ts'", folderOut),
  },
  {
    name: 'a tee slave output is escaped to climb out',
    expect: 'submit',
    body: (c) => withVideo(c, "-i {{in_1}} -map 0 -f tee '[f=mp4]{{out_1}}|[f=mp4].\\./.\\./tee.mp4'"),
  },
  // HLS attributes: ffmpeg unescapes `\\` inside quoted values.
  {
    name: 'an HLS EXT-X-MAP URI hides .. behind backslashes',
    expect: 'run',
    parserMiss: true,
    zip: (c) => segmentAnd(c, 'list.m3u8', hls('a.ts', '#EXT-X-MAP:URI=".\\./.\\./canary.mp4"\n')),
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS EXT-X-MAP URI escapes the slashes too',
    expect: 'run',
    parserMiss: true,
    zip: (c) => segmentAnd(c, 'list.m3u8', hls('a.ts', '#EXT-X-MAP:URI=".\\.\\/.\\.\\/canary.mp4"\n')),
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS key URI hides .. behind backslashes',
    expect: 'run',
    parserMiss: true,
    zip: (c) => segmentAnd(c, 'list.m3u8', hls('a.ts', '#EXT-X-KEY:METHOD=AES-128,URI=".\\./.\\./canary-secret.txt"\n')),
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  {
    name: 'an HLS EXT-X-MAP URI escapes an absolute path',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => segmentAnd(c, 'list.m3u8', hls('a.ts', `#EXT-X-MAP:URI="\\${c.outside}/canary.mp4"\n`)),
    body: fromZip('-i list.m3u8 -c copy {{out_1}}'),
  },
  // DASH: ffmpeg matches element names without case and libxml2 reads UTF-16 without a BOM.
  {
    name: 'a DASH manifest in lower case named .txt climbs out',
    expect: 'run',
    parserMiss: true,
    readsOutside: true,
    zip: () => [{ name: 'm.txt', data: lowerMpd('../../canary.mp4') }],
    body: fromZip('-f dash -i m.txt -c copy {{out_1}}'),
  },
  {
    name: 'a DASH manifest with a dotted namespace prefix climbs out',
    expect: 'run',
    parserMiss: true,
    readsOutside: true,
    zip: () => [{ name: 'd.mpd', data: dottedMpd('../../canary.mp4') }],
    body: fromZip('-f dash -i d.mpd -c copy {{out_1}}'),
  },
  {
    name: 'a DASH manifest in UTF-16 without a BOM climbs out',
    expect: 'run',
    parserMiss: true,
    readsOutside: true,
    zip: () => [{ name: 'u.txt', data: Buffer.from(`<?xml version="1.0"?>${mpd(rep('<BaseURL>../../canary.mp4</BaseURL>'))}`, 'utf16le') }],
    body: fromZip('-f dash -i u.txt -c copy {{out_1}}'),
  },
  {
    name: 'a DASH BaseURL makes ffmpeg fetch an http URL itself',
    expect: 'run',
    parserMiss: true,
    readsOutside: true,
    zip: (c) => [{ name: 'm.txt', data: lowerMpd(`${c.mediaUrl}/remote-canary.mp4`) }],
    body: fromZip('-f dash -i m.txt -c copy {{out_1}}'),
  },
  {
    name: 'a DASH BaseURL with a dotted prefix fetches http',
    expect: 'run',
    parserMiss: true,
    readsOutside: true,
    zip: (c) => [{ name: 'd.mpd', data: dottedMpd(`${c.mediaUrl}/remote-canary.mp4`) }],
    body: fromZip('-f dash -i d.mpd -c copy {{out_1}}'),
  },
  {
    name: 'a plain DASH BaseURL names an http URL',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: (c) => [{ name: 'm.mpd', data: mpd(rep(`<BaseURL>${c.mediaUrl}/remote-canary.mp4</BaseURL>`)) }],
    body: fromZip('-f dash -i m.mpd -c copy {{out_1}}'),
  },
  {
    name: 'a lower-case DASH manifest named .mpd climbs out',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    zip: () => [{ name: 'm.mpd', data: lowerMpd('../../canary.mp4') }],
    body: fromZip('-f dash -i m.mpd -c copy {{out_1}}'),
  },
  // Time of check and time of use: a playlist written while the command runs.
  {
    name: 'a chained step writes a playlist (hidden behind NULs) that the next step reads',
    expect: 'run',
    errorStatus: 'INVALID_INPUT_FILE',
    readsOutside: true,
    zip: () => [{ name: 'p.bin', data: hiddenAfterNuls(hls('../../canary.ts')) }],
    body: (_c, zipUrl) =>
      chained(['-skip_initial_bytes 4100 -f data -i p.bin -map 0 -c copy -f data late.m3u8', '-i late.m3u8 -c copy {{out_1}}'], {
        input_compressed_folder: zipUrl,
      }),
  },
  {
    name: 'a chained step writes a DASH manifest in lower case that the next step reads',
    expect: 'run',
    parserMiss: true,
    readsOutside: true,
    zip: () => [{ name: 'p.bin', data: hiddenAfterNuls(lowerMpd('../../canary.mp4')) }],
    body: (_c, zipUrl) =>
      chained(['-skip_initial_bytes 4100 -f data -i p.bin -map 0 -c copy -f data late.txt', '-f dash -i late.txt -c copy {{out_1}}'], {
        input_compressed_folder: zipUrl,
      }),
  },
  {
    name: 'one run writes a playlist and a concat list opens it later in the same run',
    expect: 'run',
    parserMiss: true,
    zip: (c) => [
      { name: 'p.bin', data: hiddenAfterNuls(hls('../../canary.ts')) },
      { name: 'a.ts', data: c.tinyTs },
      { name: 'list.txt', data: 'ffconcat version 1.0\nfile a.ts\nfile late.m3u8\n' },
    ],
    body: fromZip('-skip_initial_bytes 4100 -f data -i p.bin -f concat -i list.txt -map 0 -c copy -f data late.m3u8 -map 1 -c copy {{out_1}}', {
      output_files: { out_1: 'out.ts' },
    }),
  },
  // New ones.
  {
    name: 'ffmpeg reads its own environment from /proc/self/environ',
    expect: 'submit',
    body: () => run("-f image2 -pattern_type glob -i '/proc/self/environ' -c copy -f image2 {{out_1}}", { output_files: { out_1: 'env.txt' } }),
  },
  {
    name: "ffmpeg reads the service's environment through its parent's /proc entry",
    expect: 'submit',
    body: () => run("-f image2 -pattern_type glob -i '/proc/[0-9]*/environ' -c copy -f image2 -update 1 {{out_1}}", { output_files: { out_1: 'env.txt' } }),
  },
  {
    name: 'ffmpeg reads the service command line from /proc',
    expect: 'submit',
    body: () => run("-f image2 -pattern_type glob -i '/proc/[0-9]*/cmdline' -c copy -f image2 -update 1 {{out_1}}", { output_files: { out_1: 'cmd.txt' } }),
  },
  {
    name: 'a concat list hides .. behind backslashes in a quoted name',
    expect: 'run',
    errorStatus: 'PROCESSING_ERROR',
    zip: () => [{ name: 'list.txt', data: "ffconcat version 1.0\nfile '.\\./.\\./canary.ts'\n" }],
    body: fromZip('-f concat -i list.txt -c copy {{out_1}}', { output_files: { out_1: 'out.ts' } }),
  },
];

/**
 * Code running inside ffmpeg leaves something other than a regular file where an output was
 * expected (the suite runs a stand-in ffmpeg, testing/hardening/standin-ffmpeg.ts, that does
 * it in shell). The service must not follow, store or serve any of it: the command fails
 * naming the file (docs/sandbox.md, "What comes back out"). A SUCCESS is an escape, hence
 * `readsOutside` in every mode.
 */
const lavfi = '-f lavfi -i testsrc=duration=1:size=64x48:rate=10 -c:v libx264 -preset ultrafast';
const standin = (name: string, out: Record<string, unknown> = { output_files: { out_1: name } }): Trick => ({
  name: `code inside ffmpeg leaves ${name} as ${STANDIN_LABELS[name]}`,
  expect: 'run',
  errorStatus: 'PROCESSING_ERROR',
  readsOutside: true,
  body: () => run(`${lavfi} {{${Object.keys(out.output_files as object)[0]}}}`, out),
});
const STANDIN_LABELS: Record<string, string> = {
  'standin-link-abs.bin': 'a symbolic link to a file outside',
  'standin-link-db.bin': "a symbolic link to the service's database",
  'standin-link-secret.bin': 'a relative symbolic link into the data dir',
  'standin-hardlink.bin': 'a hard link',
  'standin-fifo.bin': 'a FIFO',
  'standin-folder.txt': 'an OUTPUT_FOLDER member beside a link',
  'standin-playlist.m3u8': 'a playlist whose segment is a link',
  'standin-dirlink.bin': 'an output beside a folder link to the data dir',
};
export const OUTPUT_TRICKS: Trick[] = [
  standin('standin-link-abs.bin'),
  standin('standin-link-db.bin'),
  standin('standin-link-secret.bin'),
  standin('standin-hardlink.bin'),
  standin('standin-fifo.bin'),
  {
    ...standin('standin-folder.txt'),
    body: () => run(`${lavfi} standin-folder.txt`, { output_files: 'OUTPUT_FOLDER' }),
  },
  standin('standin-playlist.m3u8', { output_files: { out_playlist_1: 'standin-playlist.m3u8' } }),
  standin('standin-dirlink.bin'),
];
