import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../media';

/**
 * The API driven the way Pipedream's Rendi component drives the hosted service: the optional
 * "Max Command Run Seconds" sent as a string, polling until SUCCESS or FAILED (every 3 s
 * there; a short interval here), then every output downloaded from its storage_url and named
 * after the URL's last segment; its sources list commands (by created_at) and stored files.
 */
const POLL_MS = 200;
let svc: TestService;
let media: MediaServer;

beforeAll(async () => {
  media = await startMediaServer(makeTinyMedia(tempDir('ffdesk-pipedream-media-')).dir);
  svc = await startTestService({ vcpuBudget: 2 });
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

/** The component's action: submit, then `while (status !== SUCCESS && status !== FAILED) { poll; wait }`. */
async function runAndWait(data: Record<string, unknown>): Promise<any> {
  const submitted = await svc.api('POST', '/v1/run-ffmpeg-command', data);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  let response = submitted.body;
  const commandId = response.command_id;
  for (let i = 0; response?.status !== 'SUCCESS' && response?.status !== 'FAILED'; i++) {
    if (i > 300) throw new Error('never finished');
    response = (await svc.api('GET', `/v1/commands/${commandId}`)).body;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return response;
}

describe('a Pipedream-style workflow', () => {
  it('when numbers come as strings and the outputs are downloaded by their URLs, then it all works', async () => {
    const response = await runAndWait({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'thumb.jpg', out_2: 'clip.mp4' },
      ffmpeg_command: '-i \\{\\{in_1\\}\\} -frames:v 1 \\{\\{out_1\\}\\} -t 0.5 \\{\\{out_2\\}\\}',
      max_command_run_seconds: '120',
      vcpu_count: '8',
    });
    expect(response.status, response.error_message).toBe('SUCCESS');
    expect(response.error_message ?? null).toBeNull();
    const tmp = tempDir('ffdesk-pipedream-tmp-');
    for (const value of Object.values<{ storage_url: string; size_mbytes: number }>(response.output_files)) {
      const res = await fetch(value.storage_url);
      expect(res.status).toBe(200);
      const filename = value.storage_url.split('/').pop() as string;
      fs.writeFileSync(path.join(tmp, filename), Buffer.from(await res.arrayBuffer()));
      expect(fs.statSync(path.join(tmp, filename)).size).toBe(Math.round(value.size_mbytes * 1048576));
    }
    expect(fs.readdirSync(tmp).sort()).toEqual(['clip.mp4', 'thumb.jpg']);
  });

  it('when vcpu_count 8 is asked on a 2-vCPU budget, then it runs with 2 and the record and the log say so', async () => {
    const response = await runAndWait({
      output_files: { out_1: 'a.png' },
      ffmpeg_command: '-f lavfi -i testsrc=size=32x32 -frames:v 1 {{out_1}}',
      vcpu_count: 8,
    });
    expect(response).toMatchObject({ status: 'SUCCESS', vcpu_count: 2 });
    expect(response.original_request.vcpu_count).toBe(8);
    const log = await svc.api('GET', `/v1/commands/${response.command_id}/log`);
    expect(log.text).toMatch(/vcpu_count: running with 2 vCPU\(s\) \(requested 8/);
    const byDefault = await runAndWait({ output_files: { out_1: 'b.png' }, ffmpeg_command: '-f lavfi -i testsrc=size=32x32 -frames:v 1 {{out_1}}' });
    expect(byDefault.vcpu_count).toBe(2);
  });

  it('when the command fails, then the loop ends on FAILED with an error_message the action can throw', async () => {
    const response = await runAndWait({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'o.mp4' },
      ffmpeg_command: '-i {{in_1}} -vf scael=2:2 {{out_1}}',
      max_command_run_seconds: '60',
    });
    expect(response.status).toBe('FAILED');
    expect(typeof response.error_message).toBe('string');
  });

  it('when its sources poll the lists, then commands have parseable created_at and files are stored files', async () => {
    const commands = (await svc.api('GET', '/v1/commands')).body as { command_id: string; created_at: string }[];
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const c of commands) expect(Number.isNaN(Date.parse(c.created_at))).toBe(false);
    await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/nowhere.mp4` }); // fails: must not show up as a stored file
    const files = (await svc.api('GET', '/v1/files')).body as { file_id: string; status: string; storage_url: string }[];
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      expect(f.status).toBe('STORED');
      expect((await fetch(f.storage_url, { method: 'HEAD' })).status).toBe(200);
    }
  });
});
