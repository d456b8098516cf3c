import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../media';

/** The older request shapes of the hosted service's OpenAPI document, sent as raw JSON text. */
let svc: TestService;
let media: MediaServer;

beforeAll(async () => {
  const tiny = makeTinyMedia(tempDir('ffdesk-older-media-'));
  media = await startMediaServer(tiny.dir);
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

const post = (path: string, text: string) => svc.api('POST', path, text.replaceAll('MEDIA', media.url));

describe('chained commands sent as interim_files + ffmpeg_chained_commands', () => {
  it('when an interim file passes between steps, then the outputs are stored and the interim file is not', async () => {
    const r = await post(
      '/v1/run-chained-ffmpeg-commands',
      String.raw`{
  "input_files": { "in_1": "MEDIA/video.mp4", "in_2": "MEDIA/video.mp4" },
  "interim_files": { "inter_1": "stacked_video.mp4" },
  "output_files": { "out_1": "output_scaled.mp4", "out_2": "thumbnail.jpeg" },
  "ffmpeg_chained_commands": [
    "-i {{in_1}} -i {{in_2}} -filter_complex '[0:v][1:v]hstack=inputs=2[v]' -map '[v]' {{inter_1}}",
    "-i {{inter_1}} -vf scale=320:120 {{out_1}}",
    "-i {{out_1}} -ss 00:01 -vframes 1 {{out_2}}"
  ]
}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const record = await svc.waitForCommand(r.body.command_ids[0]);
    expect(record.status, record.error_message).toBe('SUCCESS');
    expect(record.command_type).toBe('FFMPEG_CHAINED_COMMANDS');
    expect(Object.keys(record.output_files).sort()).toEqual(['out_1', 'out_2']);
    expect(record.output_files.out_1).toMatchObject({ file_type: 'video', width: 320, height: 120 });
    expect(record.output_files.out_2).toMatchObject({ file_type: 'image' });
    const names = (await svc.api('GET', '/v1/files?status=all')).body.map((f: { filename: string }) => f.filename);
    expect(names).not.toContain('stacked_video.mp4');
  });

  it('when an interim alias is undeclared, misnamed, or both command fields are sent, then 422 says which', async () => {
    const base = { input_files: { in_1: `${media.url}/video.mp4` }, output_files: { out_1: 'o.mp4' } };
    const undeclared = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      ...base,
      ffmpeg_chained_commands: ['-i {{in_1}} {{inter_1}}', '-i {{inter_1}} {{out_1}}'],
    });
    expect(undeclared.body.detail[0]).toMatchObject({ loc: ['body', 'ffmpeg_chained_commands', 0], msg: expect.stringContaining('interim_files') });
    const misnamed = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      ...base,
      interim_files: { tmp_1: 'a.mp4' },
      ffmpeg_chained_commands: ['-i {{in_1}} {{out_1}}'],
    });
    expect(misnamed.body.detail[0]).toMatchObject({ loc: ['body', 'interim_files', 'tmp_1'], msg: expect.stringContaining('must start with inter_') });
    const both = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      ...base,
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}'],
      ffmpeg_chained_commands: ['-i {{in_1}} {{out_1}}'],
    });
    expect(both.status).toBe(422);
    const clash = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      ...base,
      interim_files: { inter_1: 'o.mp4' },
      ffmpeg_commands: ['-i {{in_1}} {{inter_1}}', '-i {{inter_1}} {{out_1}}'],
    });
    expect(clash.body.detail[0]).toMatchObject({ loc: ['body', 'interim_files', 'inter_1'], msg: expect.stringContaining('already used') });
  });
});

describe('POST /v1/run-multiple-ffmpeg-commands', () => {
  it('when two independent commands share an input, then two command ids come back, each with its own output', async () => {
    const r = await post(
      '/v1/run-multiple-ffmpeg-commands',
      String.raw`{
  "input_files": { "in_1": "MEDIA/video.mp4" },
  "output_files": { "out_1": "output_small.mp4", "out_2": "output_tiny.mp4" },
  "ffmpeg_commands": [
    "-i {{in_1}} -vf scale=160:120 {{out_1}}",
    "-i {{in_1}} -vf scale=80:60 {{out_2}}"
  ],
  "vcpu_count": "1"
}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body)).toEqual(['command_ids']);
    expect(r.body.command_ids).toHaveLength(2);
    const [a, b] = await Promise.all(r.body.command_ids.map((id: string) => svc.waitForCommand(id)));
    expect(a).toMatchObject({ status: 'SUCCESS', command_type: 'FFMPEG_COMMAND', vcpu_count: 1 });
    expect(Object.keys(a.output_files)).toEqual(['out_1']);
    expect(a.output_files.out_1).toMatchObject({ width: 160, height: 120 });
    expect(b.output_files.out_2).toMatchObject({ width: 80, height: 60 });
    expect(b.original_request).toEqual({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_2: 'output_tiny.mp4' },
      ffmpeg_command: '-i {{in_1}} -vf scale=80:60 {{out_2}}',
      vcpu_count: 1,
    });
  });

  it('when one command is bad or two write the same output, then 422 at its index and nothing is queued', async () => {
    const before = (await svc.api('GET', '/v1/commands')).body.length;
    const bad = await svc.api('POST', '/v1/run-multiple-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'a.mp4', out_2: 'b.mp4' },
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{in_1}} -i /etc/passwd {{out_2}}'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(['body', 'ffmpeg_commands', 1]);
    const shared = await svc.api('POST', '/v1/run-multiple-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'a.mp4' },
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{out_1}} -f null -'],
    });
    expect(shared.body.detail[0]).toMatchObject({ loc: ['body', 'output_files', 'out_1'], msg: expect.stringContaining('commands 0 and 1') });
    expect((await svc.api('GET', '/v1/commands')).body.length).toBe(before);
  });
});
