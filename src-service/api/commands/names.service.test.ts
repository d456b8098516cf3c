import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../../testing/media';

let svc: TestService;
let media: MediaServer;

beforeAll(async () => {
  const dir = tempDir('ffdesk-media-');
  makeTinyMedia(dir);
  media = await startMediaServer(dir);
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

async function runToEnd(body: Record<string, unknown>): Promise<any> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return svc.waitForCommand(res.body.command_id);
}

describe('job names, search and output links (FFDesk)', () => {
  it('when a job is submitted with a name, then the record, the list and a PATCH rename carry it; null restores the derived name', async () => {
    const done = await runToEnd({
      name: '  Poster frame  ',
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'poster.png' },
      ffmpeg_command: '-i {{in_1}} -vf scale=160:-2 -frames:v 1 {{out_1}}',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.name).toBe('Poster frame');

    const list = await svc.api('GET', '/v1/commands');
    const item = list.body.find((c: any) => c.command_id === done.command_id);
    expect(item.name).toBe('Poster frame');
    expect(item.preview).toMatchObject({ file_id: done.output_files.out_1.file_id, file_type: 'image' });
    expect((await fetch(item.preview.storage_url)).status).toBe(200);

    const renamed = await svc.api('PATCH', `/v1/commands/${done.command_id}`, { name: 'Cover art' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Cover art');
    // The finished record is cached for pollers: the rename must show at once.
    expect((await svc.api('GET', `/v1/commands/${done.command_id}`)).body.name).toBe('Cover art');

    const reset = await svc.api('PATCH', `/v1/commands/${done.command_id}`, { name: null });
    expect(reset.body.name).toBe('scale: video.mp4 → poster.png');
  });

  it('when a rename is malformed or the job unknown, then 422 / 404', async () => {
    const done = await runToEnd({ output_files: { out_1: 'a.png' }, ffmpeg_command: '-f lavfi -i color=red:size=16x16 -frames:v 1 {{out_1}}' });
    expect((await svc.api('PATCH', `/v1/commands/${done.command_id}`, { name: '' })).status).toBe(422);
    expect((await svc.api('PATCH', `/v1/commands/${done.command_id}`, { name: 'x'.repeat(201) })).status).toBe(422);
    expect((await svc.api('PATCH', `/v1/commands/${done.command_id}`, {})).status).toBe(422);
    const missing = await svc.api('PATCH', '/v1/commands/00000000-0000-0000-0000-000000000000', { name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Command not found');
    expect(
      (await svc.api('POST', '/v1/run-ffmpeg-command', { name: 5, output_files: { out_1: 'a.png' }, ffmpeg_command: '-f lavfi -i color {{out_1}}' })).status,
    ).toBe(422);
  });

  it('when the list is searched, then names, command text and output file names match, and % is literal', async () => {
    const a = await runToEnd({
      name: 'Holiday teaser',
      output_files: { out_1: 'teaser.png' },
      ffmpeg_command: '-f lavfi -i color=blue:size=16x16 -frames:v 1 {{out_1}}',
    });
    const b = await runToEnd({
      output_files: { out_1: 'sunset_clip.png' },
      ffmpeg_command: '-f lavfi -i color=orange:size=16x16 -vf hflip -frames:v 1 {{out_1}}',
    });
    const ids = async (q: string) => (await svc.api('GET', `/v1/commands?q=${encodeURIComponent(q)}`)).body.map((c: any) => c.command_id);
    expect(await ids('holiday')).toEqual([a.command_id]);
    expect(await ids('hflip')).toEqual([b.command_id]);
    expect(await ids('sunset_clip')).toEqual([b.command_id]);
    expect(await ids('100%')).toEqual([]);
    expect((await ids('')).length).toBeGreaterThanOrEqual(2);
  });

  it('when an output is read as a file, then it names the command that made it; a stored file has no command_id', async () => {
    const done = await runToEnd({ output_files: { out_1: 'linked.png' }, ffmpeg_command: '-f lavfi -i color=green:size=16x16 -frames:v 1 {{out_1}}' });
    const file = await svc.api('GET', `/v1/files/${done.output_files.out_1.file_id}`);
    expect(file.body.command_id).toBe(done.command_id);
    expect(done.output_files.out_1.command_id).toBe(done.command_id);
    const listed = (await svc.api('GET', '/v1/files')).body.find((f: any) => f.file_id === done.output_files.out_1.file_id);
    expect(listed.command_id).toBe(done.command_id);
    const stored = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/video.mp4` });
    expect((await svc.api('GET', `/v1/files/${stored.body.file_id}`)).body.command_id).toBeUndefined();
  });
});
