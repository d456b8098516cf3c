import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { processesMentioning } from '../testing/processes';
import { STOP_BOUND_MS } from './stop-stages';

// The stop bound is a correctness property (a stop that waits on something that never comes
// hangs forever), so it is measured here; generously: twice the documented bound.
const ASSERTED_BOUND_MS = 2 * STOP_BOUND_MS;

const SCALE = {
  name: 'scale',
  parameters: { height: { type: 'integer', default: 96, min: 16, max: 2160 } },
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}_{height}p.mp4' },
  steps: ['-i {{in_1}} -vf scale=-2:{{height}} -c:v libx264 -preset ultrafast -an {{out_1}}'],
};

let receiver: WebhookReceiver | undefined;
let upload: http.ClientRequest | undefined;
let watchRoot: string | undefined;
let second: TestService | undefined;

afterEach(async () => {
  upload?.destroy();
  await second?.stop();
  await receiver?.close();
  if (watchRoot) fs.rmSync(watchRoot, { recursive: true, force: true });
});

/** Starts a part upload and sends its first bytes; the rest never comes. */
async function startStalledUpload(svc: TestService): Promise<http.ClientRequest> {
  const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'slow.bin', size_bytes: 6 * 1024 * 1024, part_size: 5 * 1024 * 1024 });
  expect(init.status, init.text).toBe(200);
  const url = new URL(init.body.upload_urls[0] as string);
  const req = http.request(url, { method: 'PUT', headers: { 'Content-Length': String(5 * 1024 * 1024) } });
  req.on('error', () => undefined); // cut off by the stop
  await new Promise<void>((resolve) => req.write(Buffer.alloc(64 * 1024), () => resolve()));
  return req;
}

describe('stop', () => {
  it('when the service stops with a long command, an upload in flight, a webhook to a server that never answers, a watch folder and its capability probes running, then stop ends within the bound and the command is re-run to SUCCESS after the next start', async () => {
    const dataDir = tempDir();
    // Its own ffmpeg facts file: the capability listings and hardware trials run again, in the background.
    const svc = await startTestService({ dataDir, ffmpegCacheFile: path.join(dataDir, 'ffmpeg-builds.json') });
    receiver = await startWebhookReceiver(() => 'hang');
    receiver.secret = (await svc.api('PUT', '/v1/webhook', { url: receiver.url })).body.secret;
    const quick = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'quick.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc=size=64x48:rate=5:duration=1 -preset ultrafast {{out_1}}',
    });
    expect((await svc.waitForCommand(quick.body.command_id)).status).toBe('SUCCESS');
    await receiver.waitFor(1); // its webhook is now waiting for an answer that never comes

    watchRoot = tempDir();
    expect((await svc.api('POST', '/v1/presets', SCALE)).status).toBe(200);
    const watch = await svc.api('POST', '/v1/watch-folders', { folder: watchRoot, output_folder: path.join(watchRoot, 'out'), preset: 'scale' });
    expect(watch.status, watch.text).toBe(200);
    upload = await startStalledUpload(svc);

    const long = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'long.mp4' },
      ffmpeg_command: '-re -f lavfi -i testsrc=size=160x120:rate=10:duration=4 -preset ultrafast {{out_1}}',
    });
    const id = long.body.command_id as string;
    await svc.waitForCommand(id, { until: (b) => b.status === 'PROCESSING' });

    const t0 = performance.now();
    await svc.service.stop();
    const stopMs = performance.now() - t0;
    expect(stopMs).toBeLessThan(ASSERTED_BOUND_MS);
    // No process of the command outlives the stop: every process that ran in its job folder is gone.
    expect(processesMentioning(path.join(dataDir, 'jobs', id))).toEqual([]);

    // Nothing lost: the next start on the same data dir re-queues the command and runs it.
    second = await startTestService({ dataDir });
    const done = await second.waitForCommand(id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(Object.keys(done.output_files)).toEqual(['out_1']);
  });
});
