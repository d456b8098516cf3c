import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ServiceEvent, type WatchEvent } from '../../client';
import { KIND_EXTENSIONS } from '../../contract/media-kinds';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia, type TinyMedia } from '../../testing/media';

/**
 * The extension filter, the preset's parameters and the run-time limit of a watch folder
 * (docs/presets.md, "Watch folders"): real files dropped into real folders; each test waits
 * for the service's `watch` events, never for a clock.
 */
let svc: TestService;
let media: TinyMedia;
let root: string;
const events: WatchEvent[] = [];
const waiters = new Set<() => void>();
const stream = new AbortController();

const VIDEO_SCALE = {
  name: 'video-scale',
  parameters: { height: { type: 'integer', default: 96, min: 16, max: 2160 } },
  inputs: [{ alias: 'in_1', kinds: ['video'] }],
  outputs: { out_1: '{name}_{height}p.mp4' },
  steps: ['-i {{in_1}} -vf scale=-2:{{height}} -c:v libx264 -preset ultrafast -an {{out_1}}'],
};
/** Never ends by itself: the input loops forever at its real pace. */
const ENDLESS = {
  name: 'endless',
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}_loop.mp4' },
  steps: ['-stream_loop -1 -re -i {{in_1}} -c:v libx264 -preset ultrafast -an {{out_1}}'],
};

beforeAll(async () => {
  root = tempDir('ffdesk-watch-filter-');
  media = makeTinyMedia(path.join(root, 'media'));
  svc = await startTestService();
  for (const preset of [VIDEO_SCALE, ENDLESS]) expect((await svc.api('POST', '/v1/presets', preset)).status).toBe(200);
  const client = createClient({ baseUrl: svc.url, apiKey: svc.key });
  void client.subscribeEvents({
    signal: stream.signal,
    onEvent: (e: ServiceEvent) => {
      if (e.type !== 'watch') return;
      events.push(e.data);
      waiters.forEach((w) => w());
    },
  });
});

afterAll(async () => {
  stream.abort();
  await svc?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Resolves at the `watch` event of this folder and file with this status (one already seen counts). */
function eventOf(watchId: string, file: string, status: WatchEvent['status']): Promise<WatchEvent> {
  const find = () => events.find((e) => e.watch_id === watchId && e.path === file && e.status === status);
  return new Promise((resolve) => {
    const check = () => {
      const hit = find();
      if (!hit) return;
      waiters.delete(check);
      resolve(hit);
    };
    waiters.add(check);
    check();
  });
}

async function watchFolder(name: string, extra: Record<string, unknown>) {
  const folder = path.join(root, name, 'in');
  const output = path.join(root, name, 'out');
  fs.mkdirSync(folder, { recursive: true });
  const res = await svc.api('POST', '/v1/watch-folders', { folder, output_folder: output, stable_seconds: 0.3, ...extra });
  expect(res.status, res.text).toBe(200);
  return { id: res.body.watch_id as string, folder, output, created: res.body };
}

const stateOf = async (id: string) => (await svc.api('GET', `/v1/watch-folders/${id}`)).body;

describe('watch folder filter, parameters and run-time limit', () => {
  it("when a video and a notes.txt are dropped into a video preset's folder, then the video runs with the folder's parameters and notes.txt is ignored, neither run nor failed", async () => {
    const w = await watchFolder('video', { preset: VIDEO_SCALE.name, parameters: { height: 48 } });
    expect(w.created).toMatchObject({ extensions: [...KIND_EXTENSIONS.video], extensions_from_preset: true, ignored: [] });
    fs.writeFileSync(path.join(w.folder, 'notes.txt'), 'shot list: take 3 is the good one\n');
    fs.copyFileSync(media.video, path.join(w.folder, 'clip.mp4'));

    await eventOf(w.id, 'notes.txt', 'IGNORED');
    await eventOf(w.id, 'clip.mp4', 'RUNNING');
    await eventOf(w.id, 'clip.mp4', 'DONE');
    const state = await stateOf(w.id);
    expect(state).toMatchObject({ done: 1, failed: 0, running: 0, ignored: ['notes.txt'] });
    expect(state.recent.map((f: { path: string }) => f.path)).toEqual(['clip.mp4']);
    expect(fs.readdirSync(w.output)).toEqual(['clip_48p.mp4']);
    const cmd = await svc.api('GET', `/v1/commands/${state.recent[0].command_id}`);
    expect(cmd.body.output_files.out_1).toMatchObject({ height: 48 });
    // notes.txt was never staged nor claimed: no event but IGNORED names it.
    expect(events.filter((e) => e.path === 'notes.txt').map((e) => e.status)).toEqual(['IGNORED']);
    expect(fs.existsSync(path.join(w.folder, 'notes.txt'))).toBe(true);
  });

  it('when the folder names its own extensions, then only those are taken, in any case, and a preset input without kinds takes video, audio and pictures by default', async () => {
    const byDefault = await watchFolder('default-kinds', { preset: ENDLESS.name });
    expect(byDefault.created.extensions).toEqual(expect.arrayContaining(['mp4', 'mp3', 'png']));
    expect(byDefault.created.extensions).not.toContain('txt');
    expect((await svc.api('DELETE', `/v1/watch-folders/${byDefault.id}`)).status).toBe(204);

    const w = await watchFolder('own', { preset: VIDEO_SCALE.name, extensions: ['MOV', 'mov'] });
    expect(w.created).toMatchObject({ extensions: ['mov'], extensions_from_preset: false });
    fs.copyFileSync(media.video, path.join(w.folder, 'left.mp4'));
    fs.copyFileSync(media.video, path.join(w.folder, 'taken.MOV'));
    await eventOf(w.id, 'left.mp4', 'IGNORED');
    await eventOf(w.id, 'taken.MOV', 'DONE');
    expect(await stateOf(w.id)).toMatchObject({ done: 1, failed: 0, ignored: ['left.mp4'] });
    expect(fs.readdirSync(w.output)).toEqual(['taken_96p.mp4']);
  });

  it('when extensions are not plain extensions, then the folder is refused with a 422 naming the field', async () => {
    const folder = path.join(root, 'bad-ext');
    fs.mkdirSync(folder, { recursive: true });
    const res = await svc.api('POST', '/v1/watch-folders', { folder, output_folder: `${folder}-out`, preset: VIDEO_SCALE.name, extensions: ['.mp4'] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'extensions', 0]);
  });

  it("when a file's command runs past the folder's run-time limit, then the file fails with the limit's TIMEOUT", async () => {
    const w = await watchFolder('limit', { preset: ENDLESS.name, max_command_run_seconds: 1 });
    fs.copyFileSync(media.video, path.join(w.folder, 'long.mp4'));
    await eventOf(w.id, 'long.mp4', 'FAILED');
    const state = await stateOf(w.id);
    expect(state).toMatchObject({ done: 0, failed: 1, max_command_run_seconds: 1 });
    expect(state.recent[0].error).toMatch(/^TIMEOUT: .*run-time limit of 1 s/);
    expect(fs.readdirSync(w.output)).toEqual([]);
  });
});
