import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildService, type ChildService } from '../testing/child-service';
import { tempDir } from '../testing/harness';
import { ffmpeg, startMediaServer, type MediaServer } from '../testing/media';
import { decodeErrors, hasAudio, videoDtsRise } from '../testing/segment-checks';
import { decodedFrameCount } from '../testing/cut-checks';

const KEY = 'ffd_test_segmented_resume_key_0123';
let running: ChildService | undefined;
let media: MediaServer;
let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = tempDir('ffdesk-segmented-resume-');
  dataDir = tempDir('ffdesk-segmented-data-');
  const lavfi = ['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=8', '-f', 'lavfi', '-i', 'sine=duration=8'];
  ffmpeg([...lavfi, '-c:v', 'libx264', '-g', '25', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'src.mp4'], dir);
  media = await startMediaServer(dir);
});

afterAll(async () => {
  await running?.kill9().catch(() => undefined);
  await media?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(`${running!.url}${p}`, {
    method,
    headers: { 'X-API-KEY': KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

async function waitFor(id: string, until: (b: any) => boolean): Promise<any> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const b = await call('GET', `/v1/commands/${id}`);
    if (until(b)) return b;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(b)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('segmented encode: resume after kill -9', () => {
  it('when the service is killed after some segments finished, then the restart reuses them and ends SUCCESS with every frame', async () => {
    running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
    // -re: each 1 s segment takes about a second to encode, so the kill lands mid-run.
    const sub = await call('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/src.mp4` },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-re -i {{in_1}} -c:v libx264 -preset veryfast -crf 23 -c:a aac {{out_1}}',
      vcpu_count: 1,
      segmented: { segment_seconds: 1 },
    });
    expect(sub.command_id, JSON.stringify(sub)).toBeTruthy();
    const mid = await waitFor(sub.command_id, (b) => b.status !== 'PROCESSING' || (b.segments ?? []).filter((s: any) => s.status === 'DONE').length >= 2);
    expect(mid.status).toBe('PROCESSING');
    expect(mid.segments.length).toBe(8);
    await running.kill9();

    running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
    const done = await waitFor(sub.command_id, (b) => b.status === 'SUCCESS' || b.status === 'FAILED');
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.segments_reused).toBeGreaterThanOrEqual(2);
    expect(done.segments.filter((s: any) => s.status === 'REUSED').length).toBe(done.segments_reused);
    expect(done.segments.every((s: any) => s.status === 'REUSED' || s.status === 'DONE')).toBe(true);
    const out = path.join(dir, 'out.mp4');
    fs.writeFileSync(out, Buffer.from(await (await fetch(done.output_files.out_1.storage_url)).arrayBuffer()));
    expect(await decodedFrameCount(out)).toBe(await decodedFrameCount(path.join(dir, 'src.mp4')));
    expect(await decodeErrors(out)).toBe('');
    expect(await videoDtsRise(out)).toBe(true);
    expect(await hasAudio(out)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'segments', sub.command_id))).toBe(false);
  }, 240_000); // two service starts: slow on a loaded machine
});
