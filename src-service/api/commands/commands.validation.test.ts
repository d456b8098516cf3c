import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { startTestService, type TestService } from '../../testing/harness';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc?.stop());

const valid = { input_files: { in_1: 'http://127.0.0.1:9/a.mp4' }, output_files: { out_1: 'o.mp4' }, ffmpeg_command: '-i {{in_1}} {{out_1}}' };

describe('auth, validation and error bodies (docs/api.md §5, 7; docs/choices.md)', () => {
  it('when the key is missing or wrong, then 401 with exactly the hosted detail and a hint naming the X-API-KEY header', async () => {
    for (const [key, says] of [
      [null, 'is missing'],
      ['ffd_wrong', 'Send your API key'],
    ] as const) {
      const res = await svc.api('POST', '/v1/run-ffmpeg-command', valid, { key });
      expect(res.status).toBe(401);
      // Exactly the hosted service's published body (third-party clients compare it); advice in `hint`.
      expect(res.text.startsWith('{"detail":"Invalid authorization key"')).toBe(true);
      expect(res.body.detail).toBe('Invalid authorization key');
      expect(res.body.hint).toMatch(/X-API-KEY header/);
      expect(res.body.hint).toContain(says);
    }
  });

  it('when health and openapi are asked without a key, then health answers', async () => {
    const res = await svc.api('GET', '/v1/health', undefined, { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
    expect(res.body.ffmpeg_version).toBeTruthy();
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it.each([
    ['a required field is missing', { ...valid, ffmpeg_command: undefined }, ['body', 'ffmpeg_command'], 'missing'],
    ['an input alias breaks the pattern', { ...valid, input_files: { video: 'http://x/a.mp4' } }, ['body', 'input_files', 'video'], null],
    ['an output name is a path', { ...valid, output_files: { out_1: '../o.mp4' } }, ['body', 'output_files', 'out_1'], null],
    ['an input URL is not http', { ...valid, input_files: { in_1: 'file:///etc/passwd' } }, ['body', 'input_files', 'in_1'], null],
    ['an alias is used but not declared', { ...valid, ffmpeg_command: '-i {{in_2}} {{out_1}}' }, ['body', 'ffmpeg_command'], null],
    ['a declared output is never used', { ...valid, output_files: { out_1: 'o.mp4', out_2: 'p.mp4' } }, ['body', 'output_files', 'out_2'], null],
    ['the command reads an absolute path', { ...valid, ffmpeg_command: '-i {{in_1}} -i /etc/passwd {{out_1}}' }, ['body', 'ffmpeg_command'], null],
    ['vcpu_count is zero', { ...valid, vcpu_count: 0 }, ['body', 'vcpu_count'], null],
    ['the command starts with the program name', { ...valid, ffmpeg_command: 'ffmpeg -i {{in_1}} {{out_1}}' }, ['body', 'ffmpeg_command'], 'value_error'],
    ['vcpu_count is not a number', { ...valid, vcpu_count: 'abc' }, ['body', 'vcpu_count'], 'int_parsing'],
    ['vcpu_count has a fraction', { ...valid, vcpu_count: 1.5 }, ['body', 'vcpu_count'], 'int_from_float'],
    ['vcpu_count is above the accepted range', { ...valid, vcpu_count: 1025 }, ['body', 'vcpu_count'], 'less_than_equal'],
    ['max_command_run_seconds is negative', { ...valid, max_command_run_seconds: -1 }, ['body', 'max_command_run_seconds'], null],
    ['max_command_run_seconds is not a number', { ...valid, max_command_run_seconds: 'abc' }, ['body', 'max_command_run_seconds'], 'float_parsing'],
    ['both input forms are sent', { ...valid, input_compressed_folder: 'http://x/a.zip' }, ['body', 'input_compressed_folder'], null],
    ['an HLS manifest has no out_playlist_ alias', { ...valid, output_files: { out_1: 'index.m3u8' } }, ['body', 'output_files', 'out_1'], 'value_error'],
    ['a placeholder has spaces inside its braces', { ...valid, ffmpeg_command: '-i {{ in_1 }} {{out_1}}' }, ['body', 'ffmpeg_command'], null],
    ['a quote is unterminated', { ...valid, ffmpeg_command: '-i {{in_1}} -vf "scale=1:2 {{out_1}}' }, ['body', 'ffmpeg_command'], null],
  ])('when %s, then 422 points at it', async (_name, body, loc, type) => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    const items = res.body.detail as { loc: unknown[]; msg: string; type: string }[];
    expect(items.map((i) => i.loc)).toContainEqual(loc);
    for (const i of items) expect(typeof i.msg === 'string' && typeof i.type === 'string').toBe(true);
    if (type) expect(items.find((i) => JSON.stringify(i.loc) === JSON.stringify(loc))?.type).toBe(type);
  });

  it('when aliases break the naming rule or the program name is pasted, then the message says what to do', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { input1: 'http://127.0.0.1:9/a.mp4' },
      output_files: { output1: 'o.mp4' },
      ffmpeg_command: '-i {{input1}} {{output1}}',
    });
    expect(res.body.detail).toEqual([
      {
        loc: ['body', 'input_files', 'input1'],
        msg: expect.stringMatching(/must start with in_ followed by letters, digits or underscores/),
        type: 'string_pattern_mismatch',
      },
      {
        loc: ['body', 'output_files', 'output1'],
        msg: expect.stringMatching(/must start with out_ followed by letters, digits or underscores/),
        type: 'string_pattern_mismatch',
      },
    ]);
    // A manifest under out_1 was stored alone, its URL a 404: the alias it needs is said.
    const manifest = await svc.api('POST', '/v1/run-ffmpeg-command', { ...valid, output_files: { out_1: 'index.m3u8' } });
    expect(manifest.body.detail).toEqual([
      {
        loc: ['body', 'output_files', 'out_1'],
        msg: expect.stringContaining('only under an alias starting with out_playlist_ (out_playlist_1)'),
        type: 'value_error',
      },
    ]);
    const spaced = await svc.api('POST', '/v1/run-ffmpeg-command', { ...valid, ffmpeg_command: '-i {{ in_1 }} {{out_1}}' });
    expect(spaced.body.detail.map((d: { msg: string }) => d.msg)).toContainEqual(expect.stringContaining('without spaces inside the braces, as {{in_1}}'));
    const folder = await svc.api('POST', '/v1/run-ffmpeg-command', { ...valid, output_files: 'FOLDER' });
    expect(folder.body.detail[0].msg).toContain('"OUTPUT_FOLDER"');
    const chained = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      ...valid,
      ffmpeg_command: undefined,
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '/usr/bin/ffmpeg -i {{out_1}} x.mp4'],
    });
    expect(chained.body.detail).toEqual([
      { loc: ['body', 'ffmpeg_commands', 1], msg: expect.stringContaining("Drop the leading '/usr/bin/ffmpeg'"), type: 'value_error' },
    ]);
  });

  it('when the JSON is malformed, then 422 at the body', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', '{"input_files": ');
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body']);
  });

  it('when a chained request has 11 commands, then 422', async () => {
    const res = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', { ...valid, ffmpeg_commands: Array(11).fill('-i {{in_1}} {{out_1}}') });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'ffmpeg_commands']);
  });

  it('when an unknown command id is polled, then 404 Command not found', async () => {
    for (const p of ['/v1/commands/00000000-0000-0000-0000-000000000000', '/v1/poll-command/nope']) {
      const res = await svc.api('GET', p);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Command not found' });
    }
  });

  it('when list paging is out of range, then 422; in range, newest first', async () => {
    expect((await svc.api('GET', '/v1/commands?limit=0')).status).toBe(422);
    expect((await svc.api('GET', '/v1/commands?limit=1001')).status).toBe(422);
    expect((await svc.api('GET', '/v1/commands?offset=-1')).status).toBe(422);
    const a = await svc.api('POST', '/v1/run-ffmpeg-command', valid);
    const b = await svc.api('POST', '/v1/run-ffmpeg-command', valid);
    const list = await svc.api('GET', '/v1/commands?limit=2');
    expect(list.body.map((c: any) => c.command_id)).toEqual([b.body.command_id, a.body.command_id]);
    expect(Object.keys(list.body[0]).sort()).toEqual(
      // `name` is an FFDesk extension (always present: given or derived).
      [
        'command_id',
        'command_type',
        'created_at',
        'error_message',
        'error_status',
        'name',
        'output_file_count',
        'processing_quota_used',
        'status',
        'storage_quota_used',
      ]
        .concat(list.body[0].progress ? ['progress'] : [])
        .sort(),
    );
    const second = await svc.api('GET', '/v1/commands?limit=1&offset=1');
    expect(second.body[0].command_id).toBe(a.body.command_id);
  });

  it('when a request comes with a foreign Host or Origin, then 403 (DNS rebinding, cross-site)', async () => {
    const port = new URL(svc.url).port;
    // fetch() will not send a custom Host; node:http does, as a rebinding browser would.
    const viaHost = (host: string) => rawGetStatus(svc.url, '/v1/commands', { 'X-API-KEY': svc.key, Host: host });
    expect(await viaHost(`evil.example:${port}`)).toBe(403);
    expect(await viaHost(`127.0.0.1:${port}`)).toBe(200);
    expect(await viaHost(`localhost:${port}`)).toBe(200);
    const cross = await fetch(`${svc.url}/v1/commands`, { headers: { 'X-API-KEY': svc.key, Origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when the body is larger than the limit, then 413', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', { ...valid, pad: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Request body too large' });
  });
});

function rawGetStatus(base: string, pathName: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: pathName, headers, setHost: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
