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

const SCALE = {
  name: 'scale',
  description: 'Scale to a height',
  parameters: {
    height: { type: 'integer', default: 180, min: 16, max: 2160 },
    crf: { type: 'integer', default: 28, min: 0, max: 51 },
  },
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}_{height}p.mp4' },
  steps: ['-i {{in_1}} -vf scale=-2:{{height}} -c:v libx264 -preset ultrafast -crf {{crf}} -an {{out_1}}'],
};

describe('presets', () => {
  it('when listed, then the 12 built-ins are there, read-only', async () => {
    const res = await svc.api('GET', '/v1/presets');
    expect(res.status).toBe(200);
    const builtins = res.body.filter((p: any) => p.builtin);
    expect(builtins).toHaveLength(12);
    expect(builtins.map((p: any) => p.name)).toContain('transcode');
    expect((await svc.api('PUT', '/v1/presets/transcode', SCALE)).status).toBe(403);
    expect((await svc.api('DELETE', '/v1/presets/transcode')).status).toBe(403);
    expect((await svc.api('POST', '/v1/presets', { ...SCALE, name: 'gif' })).status).toBe(409);
  });

  it('when a preset is saved and run with a parameter, then the output is named by its pattern and has that height', async () => {
    const created = await svc.api('POST', '/v1/presets', SCALE);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ name: 'scale', version: 1, builtin: false });
    const run = await svc.api('POST', '/v1/presets/scale/run', { input_files: { in_1: `${media.url}/video.mp4` }, parameters: { height: '120' } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.request.ffmpeg_command).toContain('scale=-2:120');
    const done = await svc.waitForCommand(run.body.command_id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ height: 120 });
    expect(done.output_files.out_1.storage_url).toMatch(/\/video_120p\.mp4$/);
  });

  it('when a preset is changed with PUT, then it gets a new version and the old one stays readable', async () => {
    const put = await svc.api('PUT', '/v1/presets/scale', {
      ...SCALE,
      description: 'v2',
      parameters: { ...SCALE.parameters, height: { type: 'integer', default: 240, min: 16, max: 2160 } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.version).toBe(2);
    expect((await svc.api('GET', '/v1/presets/scale')).body).toMatchObject({ version: 2, description: 'v2' });
    expect((await svc.api('GET', '/v1/presets/scale?version=1')).body).toMatchObject({ version: 1, description: 'Scale to a height' });
    expect((await svc.api('GET', '/v1/presets/scale/versions')).body.map((p: any) => p.version)).toEqual([1, 2]);
  });

  it('when parameters are out of bounds, unknown or inputs missing, then 422 names each one', async () => {
    const res = await svc.api('POST', '/v1/presets/scale/run', { parameters: { height: 99999, colour: 'red' } });
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: any) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.parameters.height', 'body.parameters.colour', 'body.input_files.in_1']));
    expect(res.body.detail.find((d: any) => d.loc.join('.') === 'body.parameters.height').type).toBe('less_than_equal');
  });

  it('when a string parameter holds a space, then it is refused (it could add arguments)', async () => {
    await svc.api('POST', '/v1/presets', {
      name: 'vf',
      parameters: { filter: { type: 'string', default: 'null' } },
      inputs: [{ alias: 'in_1' }],
      outputs: { out_1: 'o.mp4' },
      steps: ['-i {{in_1}} -vf {{filter}} {{out_1}}'],
    });
    const res = await svc.api('POST', '/v1/presets/vf/run', { input_files: { in_1: `${media.url}/video.mp4` }, parameters: { filter: 'null -y /etc/passwd' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'parameters', 'filter']);
  });

  it('when a definition uses an undeclared placeholder or a bad default, then saving it answers 422', async () => {
    const bad = await svc.api('POST', '/v1/presets', { ...SCALE, name: 'bad', steps: ['-i {{in_1}} -vf scale=-2:{{hieght}} {{out_1}}'] });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'steps']);
    expect(bad.body.detail[0].msg).toBe("{{hieght}} is not a declared parameter: add hieght to the preset's parameters");
    // Declared, the same placeholder is accepted; a parameter's label is kept for the GUI.
    const declared = await svc.api('POST', '/v1/presets', {
      ...SCALE,
      name: 'declared',
      parameters: { ...SCALE.parameters, hieght: { type: 'integer', default: 90, min: 16, max: 720, label: 'Height' } },
      steps: ['-i {{in_1}} -vf scale=-2:{{hieght}} {{out_1}}'],
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    expect(declared.body.parameters.hieght).toMatchObject({ label: 'Height', min: 16, max: 720 });
    const badDefault = await svc.api('POST', '/v1/presets', {
      ...SCALE,
      name: 'bad2',
      parameters: { height: { type: 'integer', default: 5, min: 16 }, crf: SCALE.parameters.crf },
    });
    expect(badDefault.status).toBe(422);
    expect(badDefault.body.detail[0].loc).toEqual(['body', 'parameters', 'height', 'default']);
  });

  it('when a preset is exported and imported under a new name, then it runs the same', async () => {
    const exported = await svc.api('GET', '/v1/presets/scale/export?version=1');
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: 'ffdesk-preset', format_version: 1, preset: { name: 'scale' } });
    expect(exported.body.preset.version).toBeUndefined();
    const imported = await svc.api('POST', '/v1/presets/import', { ...exported.body, preset: { ...exported.body.preset, name: 'scale-copy' } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ name: 'scale-copy', version: 1, steps: SCALE.steps });
    expect((await svc.api('POST', '/v1/presets/import', { format: 'other', preset: {} })).status).toBe(422);
  });

  it('when a preset is deleted, then it is gone from the list and cannot be run', async () => {
    expect((await svc.api('DELETE', '/v1/presets/scale-copy')).status).toBe(204);
    expect((await svc.api('GET', '/v1/presets/scale-copy')).status).toBe(404);
    expect((await svc.api('GET', '/v1/presets')).body.some((p: any) => p.name === 'scale-copy')).toBe(false);
    expect((await svc.api('DELETE', '/v1/presets/scale-copy')).status).toBe(404);
  });

  it('when a built-in is run with its defaults, then it succeeds', async () => {
    const run = await svc.api('POST', '/v1/presets/gif/run', { input_files: { in_video: `${media.url}/video.mp4` }, parameters: { duration: 1, width: 160 } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const done = await svc.waitForCommand(run.body.command_id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ file_format: 'gif', width: 160 });
  });
});
