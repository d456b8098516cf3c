import { describe, expect, it } from 'vitest';
import { buildCurl, endpointOf, shellQuote } from './curl';

describe('curl builder', () => {
  const req = { input_files: { in_1: 'http://h/a.mp4' }, output_files: { out_1: "it's.mp4" }, ffmpeg_command: "-i {{in_1}} -vf drawtext=text='Hi' {{out_1}}" };

  it('when a single command is copied, then it posts to run-ffmpeg-command with the key from the environment', () => {
    const text = buildCurl('http://127.0.0.1:8080/', req);
    expect(text).toContain("'http://127.0.0.1:8080/v1/run-ffmpeg-command'");
    expect(text).toContain('"X-API-KEY: $FFDESK_API_KEY"');
  });

  it('when the request is chained, then it posts to run-chained-ffmpeg-commands', () => {
    expect(endpointOf({ output_files: 'OUTPUT_FOLDER', ffmpeg_commands: ['a'] })).toBe('/v1/run-chained-ffmpeg-commands');
  });

  it('when the body has single quotes, then a POSIX shell reads back the exact JSON', () => {
    expect(JSON.parse(unquotePosix(shellQuote(JSON.stringify(req))))).toEqual(req);
  });

  it('when the snippet is read by a shell, then curl receives the body unchanged', () => {
    const quotedBody = buildCurl('http://x', req).split('--data-binary ')[1]!;
    expect(JSON.parse(unquotePosix(quotedBody))).toEqual(req);
  });
});

/** What sh does with single quotes and backslash escapes outside them (enough for the tests). */
function unquotePosix(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      out += text.slice(i + 1, close);
      i = close;
    } else if (c === '\\') out += text[++i];
    else out += c;
  }
  return out;
}
