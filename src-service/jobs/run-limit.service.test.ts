import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../testing/media';
import { otherAccountKey } from '../testing/hardening/fixtures';

let svc: TestService;
let media: MediaServer;
let root: string;
const SCALE = {
  name: 'limit-scale',
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}-small.mp4' },
  steps: ['-i {{in_1}} -vf scale=-2:64 -c:v libx264 -preset ultrafast -an {{out_1}}'],
};
const limitOf = (commandId: string) => svc.service.parts.commands.getAny(commandId)?.maxRunSeconds;

beforeAll(async () => {
  root = tempDir('ffdesk-run-limit-');
  makeTinyMedia(path.join(root, 'media'));
  media = await startMediaServer(path.join(root, 'media'));
  svc = await startTestService();
  expect((await svc.api('POST', '/v1/presets', SCALE)).status).toBe(200);
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const copyCommand = () => ({
  input_files: { in_1: `${media.url}/video.mp4` },
  output_files: { out_1: 'copy.mp4' },
  ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}',
});

describe('run-time limits', () => {
  it("when the local account sets no limit, then its command has none; another account's gets the plan default of 300 s", async () => {
    const mine = await svc.api('POST', '/v1/run-ffmpeg-command', copyCommand());
    expect((await svc.waitForCommand(mine.body.command_id)).status).toBe('SUCCESS');
    expect(limitOf(mine.body.command_id)).toBe(0);
    const other = otherAccountKey(svc);
    const theirs = await svc.api('POST', '/v1/run-ffmpeg-command', copyCommand(), { key: other });
    expect(theirs.status, theirs.text).toBe(200);
    expect(limitOf(theirs.body.command_id)).toBe(300);
    const set = await svc.api('POST', '/v1/run-ffmpeg-command', { ...copyCommand(), max_command_run_seconds: 42 });
    expect(limitOf(set.body.command_id)).toBe(42);
  });

  it('when a command runs past its limit, then it fails TIMEOUT and the message names the setting to raise as the GUI labels it', async () => {
    const run = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'long.mp4' },
      ffmpeg_command: '-re -f lavfi -i testsrc=size=160x120:rate=10:duration=60 -preset ultrafast {{out_1}}',
      max_command_run_seconds: 1,
    });
    const done = await svc.waitForCommand(run.body.command_id);
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'TIMEOUT' });
    expect(done.error_message).toContain('run-time limit of 1 s');
    expect(done.error_message).toContain('"Max run time (s)"');
  });

  it("when a batch sets max_command_run_seconds, then every item's command has it", async () => {
    const r = await svc.api('POST', '/v1/batches', {
      preset: SCALE.name,
      inputs: [`${media.url}/video.mp4`, `${media.url}/video.mp4`],
      max_command_run_seconds: 77,
    });
    expect(r.status, r.text).toBe(200);
    const items = (await svc.api('GET', `/v1/batches/${r.body.batch_id}`)).body.items as { command_id: string }[];
    expect(items.map((i) => limitOf(i.command_id))).toEqual([77, 77]);
  });

  it('when a watch folder sets max_command_run_seconds, then it is shown and the command made for a dropped file has it', async () => {
    const folder = path.join(root, 'watch-in');
    fs.mkdirSync(folder);
    const created = await svc.api('POST', '/v1/watch-folders', {
      folder,
      output_folder: path.join(root, 'watch-out'),
      preset: SCALE.name,
      stable_seconds: 0.2,
      max_command_run_seconds: 55,
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.max_command_run_seconds).toBe(55);
    fs.copyFileSync(path.join(root, 'media', 'video.mp4'), path.join(folder, 'dropped.mp4'));
    let commandId: string | null = null;
    while (!commandId) {
      await new Promise((r) => setTimeout(r, 100));
      commandId = (await svc.api('GET', `/v1/watch-folders/${created.body.watch_id}`)).body.recent[0]?.command_id ?? null;
    }
    expect(limitOf(commandId)).toBe(55);
    expect((await svc.api('DELETE', `/v1/watch-folders/${created.body.watch_id}`)).status).toBe(204);
  });
});
