import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../../testing/media';
import { extractZip } from '../../storage/zip';

let svc: TestService;
let media: MediaServer;

const SCALE = {
  name: 'scale',
  parameters: { height: { type: 'integer', default: 120, min: 16, max: 2160 } },
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}_{height}p.mp4' },
  steps: ['-i {{in_1}} -vf scale=-2:{{height}} -c:v libx264 -preset ultrafast -an {{out_1}}'],
};

beforeAll(async () => {
  const dir = tempDir('ffdesk-media-');
  makeTinyMedia(dir);
  fs.copyFileSync(path.join(dir, 'video.mp4'), path.join(dir, 'second.mp4'));
  media = await startMediaServer(dir);
  svc = await startTestService();
  expect((await svc.api('POST', '/v1/presets', SCALE)).status).toBe(200);
});

afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

async function waitForBatch(id: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await svc.api('GET', `/v1/batches/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'RUNNING') return res.body;
    if (Date.now() > deadline) throw new Error(`batch still running: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('batches', () => {
  it('when a preset runs over two files, then both finish, progress counts them and the zip holds both outputs', async () => {
    const res = await svc.api('POST', '/v1/batches', {
      preset: 'scale',
      parameters: { height: 96 },
      inputs: [`${media.url}/video.mp4`, { in_1: `${media.url}/second.mp4` }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ preset: 'scale', preset_version: 1, total: 2 });
    const done = await waitForBatch(res.body.batch_id);
    expect(done).toMatchObject({ status: 'SUCCESS', done: 2, failed: 0, total: 2, eta_seconds: 0 });
    const cmd = await svc.api('GET', `/v1/commands/${done.items[1].command_id}`);
    expect(cmd.body.output_files.out_1).toMatchObject({ height: 96 });

    const zip = await fetch(`${svc.url}/v1/batches/${res.body.batch_id}/outputs.zip`, { headers: { 'X-API-KEY': svc.key } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const dir = tempDir('ffdesk-zip-');
    fs.writeFileSync(path.join(dir, 'b.zip'), Buffer.from(await zip.arrayBuffer()));
    const { files } = await extractZip(path.join(dir, 'b.zip'), path.join(dir, 'out'), { maxTotalBytes: 1e9, maxEntries: 100, maxRatio: 1000 });
    expect(files.sort()).toEqual(['second_96p.mp4', 'video_96p.mp4']);
    const stored = Buffer.from(await (await fetch(cmd.body.output_files.out_1.storage_url)).arrayBuffer());
    expect(fs.readFileSync(path.join(dir, 'out', 'second_96p.mp4')).equals(stored)).toBe(true);
  });

  it('when one input is unreachable, then the batch is PARTIAL and retry-failed submits that one again', async () => {
    const res = await svc.api('POST', '/v1/batches', { preset: 'scale', inputs: [`${media.url}/video.mp4`, `${media.url}/missing.mp4`] });
    expect(res.status).toBe(200);
    const done = await waitForBatch(res.body.batch_id);
    expect(done).toMatchObject({ status: 'PARTIAL', done: 1, failed: 1 });
    expect(done.items[1]).toMatchObject({ status: 'FAILED', error_status: 'UNREACHABLE_INPUT_FILE', attempts: 1 });
    const retry = await svc.api('POST', `/v1/batches/${res.body.batch_id}/retry-failed`);
    expect(retry.status).toBe(200);
    expect(retry.body.items[1].command_id).not.toBe(done.items[1].command_id);
    expect(retry.body.items[0].command_id).toBe(done.items[0].command_id);
    const again = await waitForBatch(res.body.batch_id);
    expect(again.items[1]).toMatchObject({ status: 'FAILED', attempts: 2 });
  });

  it('when a batch is cancelled at once, then every command that had not finished ends CANCELLED', async () => {
    const inputs = Array.from({ length: 6 }, () => `${media.url}/video.mp4`);
    const res = await svc.api('POST', '/v1/batches', { preset: 'scale', inputs });
    const cancelled = await svc.api('POST', `/v1/batches/${res.body.batch_id}/cancel`);
    expect(cancelled.status).toBe(200);
    const end = await waitForBatch(res.body.batch_id);
    expect(end.total).toBe(6);
    expect(end.failed).toBeGreaterThan(0);
    for (const item of end.items.filter((i: any) => i.status === 'FAILED')) expect(item.error_status).toBe('CANCELLED');
  });

  it('when items are invalid, then 422 points at each and nothing is submitted', async () => {
    const before = (await svc.api('GET', '/v1/commands')).body.length;
    const res = await svc.api('POST', '/v1/batches', {
      preset: 'scale',
      parameters: { height: 1 },
      inputs: [`${media.url}/video.mp4`, { in_2: `${media.url}/video.mp4` }],
    });
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: any) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.parameters.height', 'body.inputs.1.in_1', 'body.inputs.1.in_2']));
    expect(locs.filter((l: string) => l === 'body.parameters.height')).toHaveLength(1);
    expect((await svc.api('GET', '/v1/commands')).body.length).toBe(before);
    expect((await svc.api('POST', '/v1/batches', { preset: 'nope', inputs: ['http://x.test/a.mp4'] })).status).toBe(404);
    expect((await svc.api('GET', '/v1/batches/unknown')).status).toBe(404);
  });
});
