import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia } from '../../testing/media';
import { otherAccountKey } from '../../testing/hardening/fixtures';

// The local-folder endpoints are limited to the home folder: each test run gets its own.
const savedHome = process.env.HOME;
let home: string;
let outside: string;
let svc: TestService;
let commandId: string;
let outputBytes: Buffer;

beforeAll(async () => {
  home = fs.realpathSync(tempDir('ffdesk-home-'));
  outside = fs.realpathSync(tempDir('ffdesk-outside-'));
  process.env.HOME = home;
  for (const d of ['Videos', 'Music', '.cache']) fs.mkdirSync(path.join(home, d));
  fs.writeFileSync(path.join(home, 'notes.txt'), 'a file, not a folder');
  fs.symlinkSync(outside, path.join(home, 'escape'));
  fs.symlinkSync(path.join(home, 'Videos'), path.join(home, 'Clips'));
  svc = await startTestService();
  const tiny = makeTinyMedia(path.join(outside, 'media'));
  const form = new FormData();
  form.append('upload_file', new Blob([new Uint8Array(fs.readFileSync(tiny.video))]), 'source.mp4');
  const stored = (await (await fetch(`${svc.url}/v1/files/upload`, { method: 'POST', headers: { 'X-API-KEY': svc.key }, body: form })).json()) as {
    storage_url: string;
  };
  const run = await svc.api('POST', '/v1/run-ffmpeg-command', {
    input_files: { in_1: stored.storage_url },
    output_files: { out_1: 'clip.mp4' },
    ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}',
  });
  const done = await svc.waitForCommand(run.body.command_id);
  expect(done.status, done.error_message).toBe('SUCCESS');
  commandId = done.command_id;
  outputBytes = Buffer.from(await (await fetch(done.output_files.out_1.storage_url)).arrayBuffer());
});
afterAll(async () => {
  await svc?.stop();
  process.env.HOME = savedHome;
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const list = (p?: string, key?: string) => svc.api('GET', `/v1/local/folders${p === undefined ? '' : `?path=${encodeURIComponent(p)}`}`, undefined, { key });
const saveTo = (body: unknown, key?: string, id = commandId) => svc.api('POST', `/v1/commands/${id}/save-to`, body, { key });

describe('GET /v1/local/folders', () => {
  it('when no path is given, then the home folder is listed: folders only, hidden ones and links out of home left out', async () => {
    const r = await list();
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      path: home,
      parent: null,
      home,
      entries: ['Clips', 'Music', 'Videos'].map((name) => ({ name, path: path.join(home, name) })),
    });
    const sub = await list(path.join(home, 'Videos'));
    expect(sub.body).toMatchObject({ path: path.join(home, 'Videos'), parent: home, entries: [] });
  });

  it('when the path is outside home, or a link leading out of it, then 403; relative 400; missing 404', async () => {
    expect((await list(outside)).status).toBe(403);
    expect((await list('/')).status).toBe(403);
    const escaped = await list(path.join(home, 'escape'));
    expect(escaped.status).toBe(403);
    expect(escaped.body.detail).toMatch(/inside your home folder/);
    expect((await list(path.join(home, 'Videos', '..', '..'))).status).toBe(403);
    expect((await list('Videos')).status).toBe(400);
    expect((await list(path.join(home, 'nope'))).status).toBe(404);
    expect((await list(path.join(home, 'notes.txt'))).status).toBe(400);
    // A NUL in the path: fs threw on it, a 500; now the request's validation refuses it.
    const nul = await list(`${home}/a\0b`);
    expect(nul.status, nul.text).toBe(422);
    expect(nul.text).toMatch(/NUL/);
  });
});

describe('POST /v1/local/open', () => {
  it('when a media file of the home folder is opened, then it is stored without an upload, probed, with its bytes; opened again, the same file answers', async () => {
    const recording = path.join(home, 'Videos', 'recording.mp4');
    fs.writeFileSync(recording, outputBytes);
    // The picker's listing with files=media: folders first, then video and audio files (not notes.txt).
    const listed = await svc.api('GET', `/v1/local/folders?path=${encodeURIComponent(path.join(home, 'Videos'))}&files=media`);
    expect(listed.body.entries).toEqual([{ name: 'recording.mp4', path: recording, size_bytes: outputBytes.length }]);
    expect((await svc.api('GET', `/v1/local/folders?files=media`)).body.entries.map((e: { name: string }) => e.name)).toEqual(['Clips', 'Music', 'Videos']);
    // A job's input may be a picture or subtitles too (files=inputs), never any other file.
    fs.writeFileSync(path.join(home, 'Videos', 'logo.png'), 'png');
    fs.writeFileSync(path.join(home, 'Videos', 'lines.srt'), 'srt');
    const inputs = await svc.api('GET', `/v1/local/folders?path=${encodeURIComponent(path.join(home, 'Videos'))}&files=inputs`);
    expect(inputs.body.entries.map((e: { name: string }) => e.name)).toEqual(['lines.srt', 'logo.png', 'recording.mp4']);
    const media = await svc.api('GET', `/v1/local/folders?path=${encodeURIComponent(path.join(home, 'Videos'))}&files=media`);
    expect(media.body.entries.map((e: { name: string }) => e.name)).toEqual(['recording.mp4']);
    fs.rmSync(path.join(home, 'Videos', 'logo.png'));
    fs.rmSync(path.join(home, 'Videos', 'lines.srt'));

    const r = await svc.api('POST', '/v1/local/open', { path: recording });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'STORED', filename: 'recording.mp4', file_type: 'video', is_private: false });
    expect(r.body.duration).toBeGreaterThan(0);
    expect(Buffer.from(await (await fetch(r.body.storage_url)).arrayBuffer()).equals(outputBytes)).toBe(true);
    // Through a link inside home, the same content: the same stored file, no second copy.
    const again = await svc.api('POST', '/v1/local/open', { path: path.join(home, 'Clips', 'recording.mp4') });
    expect(again.body.file_id).toBe(r.body.file_id);
    // The original is the user's: changed afterwards, the stored copy is not.
    fs.appendFileSync(recording, Buffer.alloc(1000));
    expect(Buffer.from(await (await fetch(r.body.storage_url)).arrayBuffer()).equals(outputBytes)).toBe(true);
  });

  it('when the path is out of home (or a link out of it) 403, missing 404, a folder, an empty file or a relative path 4xx naming the path', async () => {
    fs.writeFileSync(path.join(outside, 'media', 'secret.mp4'), outputBytes);
    fs.writeFileSync(path.join(home, 'empty.mp4'), '');
    const open = (p: string) => svc.api('POST', '/v1/local/open', { path: p });
    expect((await open(path.join(outside, 'media', 'secret.mp4'))).status).toBe(403);
    expect((await open(path.join(home, 'escape', 'media', 'secret.mp4'))).status).toBe(403);
    const missing = await open(path.join(home, 'gone.mp4'));
    expect([missing.status, missing.body.detail]).toEqual([404, `No such file: ${path.join(home, 'gone.mp4')}`]);
    const folder = await open(path.join(home, 'Videos'));
    expect(folder.status).toBe(422);
    expect(folder.text).toMatch(/is a folder: choose a file in it/);
    expect((await open(path.join(home, 'empty.mp4'))).text).toMatch(/is empty/);
    expect((await open('Videos/recording.mp4')).status).toBe(400);
  });
});

describe('POST /v1/commands/{command_id}/save-to', () => {
  it('when saved twice into the same folder, then the second copy gets a numbered name and nothing is overwritten', async () => {
    const folder = path.join(home, 'Videos');
    const first = await saveTo({ folder });
    expect(first.status, first.text).toBe(200);
    expect(first.body.saved).toEqual([{ file_id: expect.any(String), path: path.join(folder, 'clip.mp4') }]);
    expect(Object.keys(first.body.saved[0])).toEqual(['file_id', 'path']); // the answer's key order too
    const second = await saveTo({ folder });
    expect(second.body.saved[0].path).toBe(path.join(folder, 'clip (1).mp4'));
    expect(fs.readFileSync(path.join(folder, 'clip.mp4')).equals(outputBytes)).toBe(true);
    expect(fs.readFileSync(path.join(folder, 'clip (1).mp4')).equals(outputBytes)).toBe(true);
  });

  it('when a pattern is given, then names follow it; a link planted under that name is never written through', async () => {
    const folder = path.join(home, 'Music');
    const victim = path.join(outside, 'victim.mp4');
    fs.writeFileSync(victim, 'keep me');
    fs.symlinkSync(victim, path.join(folder, 'cut-clip-1.mp4'));
    const r = await saveTo({ folder, pattern: 'cut-{name}-{segment}.{ext}' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.saved[0].path).toBe(path.join(folder, 'cut-clip-1 (1).mp4'));
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
  });

  it('when the pattern leaves the folder or names an unknown placeholder, then 422 at pattern; a folder out of home 403; an unknown command 404', async () => {
    for (const pattern of ['../{name}.{ext}', '{name}/{segment}.{ext}', '{title}.{ext}']) {
      const r = await saveTo({ folder: path.join(home, 'Videos'), pattern });
      expect([pattern, r.status, r.body.detail?.[0]?.loc]).toEqual([pattern, 422, ['body', 'pattern']]);
    }
    expect((await saveTo({ folder: outside })).status).toBe(403);
    expect((await saveTo({ folder: path.join(home, 'escape') })).status).toBe(403);
    expect((await saveTo({ folder: path.join(home, 'Videos') }, undefined, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(fs.readdirSync(outside).sort()).toEqual(['media', 'victim.mp4']);
  });
});

describe("POST /v1/local/folders (the picker's New folder)", () => {
  it("when a folder is made in a folder of home, then it is there and listed; again, the same; a file's name 409; a bad name 422; out of home 403", async () => {
    const made = await svc.api('POST', '/v1/local/folders', { path: path.join(home, 'Videos'), name: ' Exports ' });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ path: path.join(home, 'Videos', 'Exports'), parent: path.join(home, 'Videos'), entries: [] });
    expect(fs.statSync(path.join(home, 'Videos', 'Exports')).isDirectory()).toBe(true);
    expect((await svc.api('POST', '/v1/local/folders', { path: path.join(home, 'Videos'), name: 'Exports' })).status).toBe(200);
    const file = await svc.api('POST', '/v1/local/folders', { path: home, name: 'notes.txt' });
    expect(file.status).toBe(409);
    expect(file.body.detail).toMatch(/is a file/);
    for (const name of ['../Out', 'a/b', '.hidden', '', '..']) expect((await svc.api('POST', '/v1/local/folders', { path: home, name })).status).toBe(422);
    expect((await svc.api('POST', '/v1/local/folders', { path: outside, name: 'In' })).status).toBe(403);
    // Through a link that leads out of home: refused, and nothing is made out there.
    expect((await svc.api('POST', '/v1/local/folders', { path: path.join(home, 'escape'), name: 'In' })).status).toBe(403);
    expect((await svc.api('POST', '/v1/local/folders', { path: home, name: 'escape' })).status).toBe(403);
    expect(fs.existsSync(path.join(outside, 'In'))).toBe(false);
    fs.rmdirSync(path.join(home, 'Videos', 'Exports'));
  });
});

describe('local folders are for the local account on a loopback service only', () => {
  it('when another account asks, then every local-folder endpoint answers 403 naming the local account', async () => {
    const other = otherAccountKey(svc);
    const answers = [
      await list(home, other),
      await saveTo({ folder: home }, other),
      await svc.api('POST', '/v1/local/reveal', { path: home }, { key: other }),
      await svc.api('POST', '/v1/local/open', { path: path.join(home, 'notes.txt') }, { key: other }),
      await svc.api('POST', '/v1/local/folders', { path: home, name: 'Theirs' }, { key: other }),
    ];
    for (const r of answers) {
      expect(r.status).toBe(403);
      expect(r.body.detail).toMatch(/local account/);
    }
  });

  it('when the service listens on a network address, then even the local account gets 403 naming the loopback address', async () => {
    const exposed = await startTestService({ host: '0.0.0.0' });
    try {
      const answers = [
        await exposed.api('GET', `/v1/local/folders`),
        await exposed.api('POST', `/v1/commands/${commandId}/save-to`, { folder: home }),
        await exposed.api('POST', '/v1/local/reveal', { path: home }),
        await exposed.api('POST', '/v1/local/open', { path: path.join(home, 'notes.txt') }),
        await exposed.api('POST', '/v1/local/folders', { path: home, name: 'Exposed' }),
      ];
      for (const r of answers) {
        expect(r.status).toBe(403);
        expect(r.body.detail).toMatch(/loopback/);
      }
    } finally {
      await exposed.stop();
    }
  });

  it.each([
    ['a file manager starts (the opener still runs)', 200, 'sleep 5'],
    ['the opener starts one and ends well', 200, 'exit 0'],
    ['no file manager answers (xdg-open on a machine without a desktop: exit 3)', 409, 'exit 3'],
  ])('when %s, then reveal answers %i', async (_what, status, script) => {
    // The file manager is the desktop's, not FFDesk's: an opener of our own on PATH stands in for xdg-open.
    const bin = tempDir('ffdesk-opener-');
    const opened = path.join(bin, 'opened');
    fs.writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > '${opened}'\n${script}\n`, { mode: 0o755 });
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}:${savedPath}`;
    try {
      const r = await svc.api('POST', '/v1/local/reveal', { path: path.join(home, 'notes.txt') });
      expect(r.status, r.text).toBe(status);
      expect(fs.readFileSync(opened, 'utf8').trim()).toBe(home);
      if (status === 200) expect(r.body).toEqual({ opened: home });
      else expect(r.body.detail).toBe(`No file manager could show ${home} on this machine (xdg-open ended with code 3): open the folder yourself`);
    } finally {
      process.env.PATH = savedPath;
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });

  it('when reveal is asked for a path out of home, then 403 and nothing is opened', async () => {
    const r = await svc.api('POST', '/v1/local/reveal', { path: outside });
    expect(r.status).toBe(403);
  });
});
