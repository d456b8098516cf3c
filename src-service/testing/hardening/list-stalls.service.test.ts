import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { startMediaServer, type MediaServer } from '../media';
import { buildZip } from '../zip-builder';

/**
 * Regex stalls (docs/sandbox.md, "Work on the event loop"): list files whose checks used to be quadratic on the event loop
 * (`/v1/health` took 4 to 6 s for 70 KB). Each attack here is 1 MiB or close, far more than
 * the issue's; while its command is processed, health keeps answering within 100 ms of its
 * idle time (docs/sandbox.md, "Work on the event loop").
 */
let svc: TestService;
let media: MediaServer;
let served: string;
const MIB = 1024 * 1024;

const ATTACKS: { name: string; body: (url: string) => Record<string, unknown> }[] = [
  {
    name: 'a .m3u8 of newlines in a zip',
    body: (url) => ({ input_compressed_folder: `${url}/newlines.zip`, output_files: { out_1: 'o.ts' }, ffmpeg_command: '-i n.m3u8 -c copy {{out_1}}' }),
  },
  {
    name: 'a stored zip of carriage returns',
    body: (url) => ({ input_compressed_folder: `${url}/returns.zip`, output_files: { out_1: 'o.ts' }, ffmpeg_command: '-i r.m3u8 -c copy {{out_1}}' }),
  },
  {
    name: 'a .mpd of unclosed <BaseURL>',
    body: (url) => ({ input_compressed_folder: `${url}/baseurl.zip`, output_files: { out_1: 'o.mp4' }, ffmpeg_command: '-i m.mpd -c copy {{out_1}}' }),
  },
  {
    name: "a chained step writing a newline file that step 2's list check reads (no input)",
    body: () => ({
      output_files: { out_1: 'o.ts' },
      ffmpeg_commands: [
        // 512x512 rgb24 of colour 0x0a0a0a: 768 KiB of '\n'.
        '-f lavfi -i color=c=0x0a0a0a:s=512x512:d=1 -frames:v 1 -f rawvideo -pix_fmt rgb24 late.m3u8',
        '-i late.m3u8 -c copy {{out_1}}',
      ],
    }),
  },
];

async function healthMs(): Promise<number> {
  const t0 = performance.now();
  await (await fetch(`${svc.url}/v1/health`)).arrayBuffer();
  return performance.now() - t0;
}

beforeAll(async () => {
  served = tempDir('ffdesk-stall-media-');
  fs.writeFileSync(path.join(served, 'newlines.zip'), buildZip([{ name: 'n.m3u8', data: '\n'.repeat(MIB) }]));
  fs.writeFileSync(path.join(served, 'returns.zip'), buildZip([{ name: 'r.m3u8', data: '\r'.repeat(MIB) }]));
  fs.writeFileSync(path.join(served, 'baseurl.zip'), buildZip([{ name: 'm.mpd', data: `<MPD>${'<BaseURL>'.repeat(MIB / 9)}` }]));
  media = await startMediaServer(served);
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
  if (served) fs.rmSync(served, { recursive: true, force: true });
});

describe('list checks never stall the service', () => {
  it.each(ATTACKS)('when $name is processed, then /v1/health answers within 100 ms of its idle time throughout', async ({ body }) => {
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push(await healthMs());
    // The slowest idle answer: what this (shared, loaded) machine adds anyway.
    const idleMs = Math.max(...idle);
    const req: Record<string, unknown> = { vcpu_count: 1, max_command_run_seconds: 60, ...body(media.url) };
    const res = await svc.api('POST', Array.isArray(req.ffmpeg_commands) ? '/v1/run-chained-ffmpeg-commands' : '/v1/run-ffmpeg-command', req);
    expect(res.status, res.text).toBe(200);
    const busy: number[] = [];
    let record = res.body;
    while (['QUEUED', 'PROCESSING', undefined].includes(record.status)) {
      busy.push(await healthMs());
      record = (await svc.api('GET', `/v1/commands/${res.body.command_id}`)).body;
    }
    expect(busy.length).toBeGreaterThan(0);
    expect(Math.max(...busy), `health while busy: ${busy.map((b) => b.toFixed(0)).join(', ')} ms; idle ${idleMs.toFixed(0)} ms`).toBeLessThan(idleMs + 100);
  });
});
