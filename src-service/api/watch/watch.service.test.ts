import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia } from '../../testing/media';

let svc: TestService;
let dataDir: string;
let media: string;
let root: string;

const SCALE = {
  name: 'scale',
  parameters: { height: { type: 'integer', default: 96, min: 16, max: 2160 } },
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}_{height}p.mp4' },
  steps: ['-i {{in_1}} -vf scale=-2:{{height}} -c:v libx264 -preset ultrafast -an {{out_1}}'],
};

beforeAll(async () => {
  media = tempDir('ffdesk-media-');
  makeTinyMedia(media);
  root = tempDir('ffdesk-watch-');
  dataDir = tempDir('ffdesk-data-');
  svc = await startTestService({ dataDir });
  expect((await svc.api('POST', '/v1/presets', SCALE)).status).toBe(200);
});

afterAll(async () => {
  await svc?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

async function until<T>(what: string, fn: () => T | Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dirs = (name: string) => {
  const folder = path.join(root, name, 'in');
  const output = path.join(root, name, 'out');
  fs.mkdirSync(folder, { recursive: true });
  return { folder, output };
};

const watchBody = (d: { folder: string; output: string }, extra: Record<string, unknown> = {}) => ({
  folder: d.folder,
  output_folder: d.output,
  preset: 'scale',
  stable_seconds: 0.4,
  ...extra,
});

describe('watch folders', () => {
  it('when a file is copied in slowly, then it is taken only once whole, its output lands in the output folder by the pattern, and the original moves to done/', async () => {
    const d = dirs('basic');
    const created = await svc.api('POST', '/v1/watch-folders', watchBody(d, { move_originals: true, parameters: { height: 64 } }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const bytes = fs.readFileSync(path.join(media, 'video.mp4'));
    const target = path.join(d.folder, 'clip one.mp4');
    fs.writeFileSync(target, bytes.subarray(0, 1000)); // half-copied: a reader now would fail
    await new Promise((r) => setTimeout(r, 250));
    fs.appendFileSync(target, bytes.subarray(1000));
    const out = path.join(d.output, 'clip_one_64p.mp4');
    await until('the output', () => fs.existsSync(out));
    await until('the original in done/', () => fs.existsSync(path.join(d.folder, 'done', 'clip one.mp4')));
    const state = await until('DONE', async () => {
      const w = (await svc.api('GET', `/v1/watch-folders/${created.body.watch_id}`)).body;
      return w.done === 1 ? w : null;
    });
    expect(state).toMatchObject({ failed: 0, running: 0, recent: [{ path: 'clip one.mp4', status: 'DONE', outputs: ['clip_one_64p.mp4'] }] });
    const cmd = await svc.api('GET', `/v1/commands/${state.recent[0].command_id}`);
    expect(cmd.body.output_files.out_1).toMatchObject({ height: 64, duration: expect.closeTo(2, 0) });
    // The stored copy of the input was only a means: it is gone from Files.
    expect((await svc.api('GET', '/v1/files')).body.some((f: any) => f.file_name === 'clip_one.mp4' || f.filename === 'clip_one.mp4')).toBe(false);
  });

  it('when a file is not media, then it is FAILED with the error and moved to failed/', async () => {
    const d = dirs('bad');
    const created = await svc.api('POST', '/v1/watch-folders', watchBody(d, { move_originals: true }));
    fs.writeFileSync(path.join(d.folder, 'broken.mp4'), 'not a video, despite the name');
    await until('failed/', () => fs.existsSync(path.join(d.folder, 'failed', 'broken.mp4')));
    const w = (await svc.api('GET', `/v1/watch-folders/${created.body.watch_id}`)).body;
    expect(w).toMatchObject({ failed: 1, done: 0 });
    expect(w.recent[0].error).toMatch(/PROCESSING_ERROR/);
  });

  it('when the service restarts, then files it ran are not run again and files added while it was down are run', async () => {
    const d = dirs('restart');
    const created = await svc.api('POST', '/v1/watch-folders', watchBody(d, { use_polling: true, poll_interval_ms: 100 }));
    fs.copyFileSync(path.join(media, 'video.mp4'), path.join(d.folder, 'first.mp4'));
    await until('first output', () => fs.existsSync(path.join(d.output, 'first_96p.mp4')));
    await until('first DONE', async () => (await svc.api('GET', `/v1/watch-folders/${created.body.watch_id}`)).body.done === 1);
    const commandsBefore = (await svc.api('GET', '/v1/commands')).body.length;

    await svc.service.stop();
    fs.copyFileSync(path.join(media, 'video.mp4'), path.join(d.folder, 'second.mp4'));
    fs.rmSync(path.join(d.output, 'first_96p.mp4'));
    svc = await startTestService({ dataDir });

    await until('second output', () => fs.existsSync(path.join(d.output, 'second_96p.mp4')));
    const w = await until('second DONE', async () => {
      const body = (await svc.api('GET', `/v1/watch-folders/${created.body.watch_id}`)).body;
      return body.done === 2 ? body : null;
    });
    await new Promise((r) => setTimeout(r, 800)); // time enough to (wrongly) take first.mp4 again
    expect(fs.existsSync(path.join(d.output, 'first_96p.mp4'))).toBe(false);
    expect((await svc.api('GET', '/v1/commands')).body.length).toBe(commandsBefore + 1);
    expect(w.recent.map((f: any) => f.path).sort()).toEqual(['first.mp4', 'second.mp4']);
  });

  it('when a symbolic link to a file elsewhere is put in the folder, then it is not read', async () => {
    const d = dirs('links');
    const created = await svc.api('POST', '/v1/watch-folders', watchBody(d));
    const secret = path.join(root, 'secret.mp4');
    fs.copyFileSync(path.join(media, 'video.mp4'), secret);
    fs.symlinkSync(secret, path.join(d.folder, 'link.mp4'));
    fs.copyFileSync(path.join(media, 'video.mp4'), path.join(d.folder, 'real.mp4'));
    await until('the real file output', () => fs.existsSync(path.join(d.output, 'real_96p.mp4')));
    await new Promise((r) => setTimeout(r, 800));
    const w = (await svc.api('GET', `/v1/watch-folders/${created.body.watch_id}`)).body;
    expect(w.recent.map((f: any) => f.path)).toEqual(['real.mp4']);
    expect(fs.existsSync(path.join(d.output, 'link_96p.mp4'))).toBe(false);
  });

  it('when a watch folder is deleted, then new files there are left alone', async () => {
    const d = dirs('deleted');
    const created = await svc.api('POST', '/v1/watch-folders', watchBody(d));
    expect((await svc.api('DELETE', `/v1/watch-folders/${created.body.watch_id}`)).status).toBe(204);
    fs.copyFileSync(path.join(media, 'video.mp4'), path.join(d.folder, 'late.mp4'));
    await new Promise((r) => setTimeout(r, 1200));
    expect(fs.existsSync(path.join(d.output, 'late_96p.mp4'))).toBe(false);
    expect((await svc.api('GET', `/v1/watch-folders/${created.body.watch_id}`)).status).toBe(404);
  });

  it('when a key of another account asks, then 403; when folders are relative, missing, the same or in the data dir, then 422', async () => {
    const other = svc.service.parts.accounts.createAccount('pro');
    const { key } = svc.service.parts.accounts.addKey(other.id);
    const d = dirs('refused');
    expect((await svc.api('POST', '/v1/watch-folders', watchBody(d), { key })).status).toBe(403);
    const bad = async (body: Record<string, unknown>) => {
      const res = await svc.api('POST', '/v1/watch-folders', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.detail.map((x: any) => x.loc.join('.'));
    };
    expect(await bad(watchBody({ folder: 'relative/in', output: d.output }))).toContain('body.folder');
    expect(await bad(watchBody({ folder: path.join(root, 'missing'), output: d.output }))).toContain('body.folder');
    expect(await bad(watchBody({ folder: d.folder, output: d.folder }))).toContain('body.output_folder');
    expect(await bad(watchBody({ folder: path.join(dataDir, 'blobs'), output: d.output }))).toContain('body.folder');
    expect(await bad(watchBody({ folder: d.folder, output: path.join(dataDir, 'exfil') }))).toContain('body.output_folder');
    expect(await bad(watchBody(d, { preset: 'subtitles' }))).toContain('body.preset');
    expect(await bad(watchBody(d, { parameters: { height: 1 } }))).toContain('body.parameters.height');
    // A NUL in a path (found by the fuzz test: fs threw on it, a 500).
    expect(await bad(watchBody({ folder: '/nonexistent/in', output: '\u0000' }))).toContain('body.output_folder');
    expect(await bad(watchBody({ folder: `${d.folder}\u0000x`, output: d.output }))).toContain('body.folder');
  });
});
