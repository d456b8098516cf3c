import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { ffmpeg, makeTinyMedia, startMediaServer, type MediaServer } from '../media';
import { buildZip } from '../zip-builder';
import { findBwrap, smokeTestBwrap } from '../../media/confine/bwrap';
import { uploadFile, type JsonBody } from './fixtures';
import { writeStandinFfmpeg } from './standin-ffmpeg';
import { defineOtherClasses } from './catalogue-classes';
import { writeStallMedia } from './list-stall-attacks';
import { OUTPUT_TRICKS, RED_TEAM_TRICKS, RUN_TRICKS, STORAGE_PATH_TRICKS, SUBMIT_TRICKS, type Trick, type TrickContext } from './escape-tricks';

/**
 * The escape catalogue, end to end: every trick goes through the HTTP API to the real
 * service and the real ffmpeg, and is checked for real: canary files planted outside the
 * job folder (in the data dir and in another temp folder) must never show up in any
 * output, log, error or record, no file may appear outside, and the canaries stay unchanged.
 *
 * It runs three ways (docs/sandbox.md), each layer proven alone:
 * - `both`: the argument checks and the operating-system sandbox (FFDESK_SANDBOX=require);
 * - `parser-only`: the checks with the sandbox off; tricks they miss today are skipped, named;
 * - `confinement-only`: the sandbox with the checks switched off by the test-only config field.
 */
export type CatalogueMode = 'both' | 'parser-only' | 'confinement-only';

const bwrap = findBwrap();
const bwrapProblem =
  process.platform !== 'linux'
    ? `the sandbox tests need Linux, not ${process.platform}`
    : bwrap
      ? smokeTestBwrap(bwrap)
      : 'bubblewrap (bwrap) is not installed';

export function defineEscapeCatalogue(mode: CatalogueMode): void {
  const parserOn = mode !== 'confinement-only';
  const sandboxOn = mode !== 'parser-only';
  const skipAll = sandboxOn && bwrapProblem !== null;
  describe.skipIf(skipAll)(`escape catalogue, ${mode}${skipAll ? ` (skipped: ${bwrapProblem})` : ''}`, () => defineSuite(parserOn, sandboxOn));
}

function defineSuite(parserOn: boolean, sandboxOn: boolean): void {
  const token = `CANARY-${crypto.randomUUID()}`;
  let svc: TestService;
  let media: MediaServer;
  let outside: string;
  let served: string;
  let standinDir: string;
  let ctx: TrickContext;
  let before: { outside: string[]; dataTop: string[]; canaries: Record<string, string> };
  const figures = { tried: 0, refusedAtSubmit: 0, failedAtRun: 0, heldBySandbox: 0, storagePathsRefused: 0, knownParserMisses: 0, escapes: [] as string[] };

  const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const listTree = (dir: string) => fs.readdirSync(dir, { recursive: true }).map(String).sort();

  function canaryFiles(): string[] {
    return [
      ...['canary.txt', 'canary.ts', 'canary.mp4', 'canary.srt'].map((f) => path.join(outside, f)),
      ...['canary-secret.txt', 'canary.ts', 'canary.mp4', 'local-api-key'].map((f) => path.join(svc.dataDir, f)),
    ];
  }

  function plantCanaries(dir: string, withText: string): void {
    fs.writeFileSync(path.join(dir, withText), `${token}\n`);
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10:duration=1',
      '-c:v',
      'mpeg2video',
      '-metadata',
      `service_name=${token}`,
      '-f',
      'mpegts',
      path.join(dir, 'canary.ts'),
    ]);
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-metadata',
      `title=${token}`,
      path.join(dir, 'canary.mp4'),
    ]);
  }

  /** True when the canary text or the API key shows in the record, its log or its stored outputs, or ffmpeg fetched the remote canary. */
  async function leakIn(record: JsonBody): Promise<boolean> {
    const log = await svc.api('GET', `/v1/commands/${record.command_id}/log`);
    let text = JSON.stringify(record) + log.text;
    for (const out of Object.values<JsonBody>(record.output_files ?? {})) {
      if (out.storage_url) text += Buffer.from(await (await fetch(out.storage_url)).arrayBuffer()).toString('latin1');
    }
    return text.includes(token) || text.includes(svc.key) || media.requests.some((r) => r.includes('remote-canary'));
  }

  async function submit(trick: Trick) {
    const zipUrl = `${media.url}/zips/${slug(trick.name)}.zip`;
    const body = trick.body(ctx, zipUrl);
    const chained = Array.isArray(body.ffmpeg_commands);
    return svc.api('POST', chained ? '/v1/run-chained-ffmpeg-commands' : '/v1/run-ffmpeg-command', body);
  }

  /** With the sandbox on, whatever the checks let through: nothing leaks, and a trick whose only media is outside fails. */
  async function expectHeldBySandbox(trick: Trick): Promise<void> {
    const res = await submit(trick);
    if (res.status === 422) {
      expect(parserOn || !trick.parserMiss, 'only the checks answer 422 for a command trick').toBe(true);
      figures.refusedAtSubmit++;
      return; // refused by validation that stays on (output names, URLs)
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await svc.waitForCommand(res.body.command_id ?? res.body.command_ids?.[0] ?? res.body.command_id);
    const leaked = await leakIn(done);
    if (leaked || (trick.readsOutside && done.status === 'SUCCESS')) figures.escapes.push(trick.name);
    expect(leaked, done.error_message).toBe(false);
    if (trick.readsOutside) expect(done.status, 'its only media is outside the job folder').toBe('FAILED');
    figures.heldBySandbox++;
  }

  beforeAll(async () => {
    // A secret in the service's own environment (not an FFDESK_ variable, which never reaches ffmpeg anyway).
    process.env.ESCAPE_CANARY_ENV = token;
    served = tempDir('ffdesk-escape-media-');
    const tiny = makeTinyMedia(served);
    writeStallMedia(served);
    outside = tempDir('ffdesk-outside-');
    plantCanaries(outside, 'canary.txt');
    fs.writeFileSync(path.join(outside, 'canary.srt'), `1\n00:00:00,000 --> 00:00:01,000\n${token}\n`);
    // Every run goes through a stand-in that acts like exploited code for a few output names (standin-ffmpeg.ts).
    standinDir = tempDir('ffdesk-standin-');
    const ffmpegBefore = process.env.FFDESK_FFMPEG_PATH;
    process.env.FFDESK_FFMPEG_PATH = writeStandinFfmpeg(standinDir, outside);
    try {
      svc = await startTestService({ sandbox: sandboxOn ? 'require' : 'off', testOnlySkipArgumentChecks: !parserOn });
    } finally {
      if (ffmpegBefore === undefined) delete process.env.FFDESK_FFMPEG_PATH;
      else process.env.FFDESK_FFMPEG_PATH = ffmpegBefore;
    }
    plantCanaries(svc.dataDir, 'canary-secret.txt');
    fs.copyFileSync(path.join(svc.dataDir, 'canary.mp4'), path.join(served, 'remote-canary.mp4'));
    const tinyTs = path.join(served, 'tiny.ts');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=1', '-c:v', 'mpeg2video', '-f', 'mpegts', tinyTs]);
    fs.mkdirSync(path.join(served, 'zips'));
    fs.writeFileSync(path.join(served, 'zips', 'control.zip'), buildZip([{ name: 'inside.txt', data: `${token}\n` }]));
    fs.writeFileSync(path.join(served, 'hostile.m3u8'), `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1,\n${outside}/canary.ts\n#EXT-X-ENDLIST\n`);
    media = await startMediaServer(served);
    const playlist = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_playlist_1: 'index.m3u8' },
      vcpu_count: 1,
      ffmpeg_command: '-f lavfi -i testsrc=duration=1:size=64x48:rate=10 -c:v libx264 -preset ultrafast -hls_time 1 {{out_playlist_1}}',
    });
    const privateCmd = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'private.mp4' },
      is_private: true,
      vcpu_count: 1,
      ffmpeg_command: '-f lavfi -i testsrc=duration=1:size=64x48:rate=10 -c:v libx264 -preset ultrafast {{out_1}}',
    });
    const pl = await svc.waitForCommand(playlist.body.command_id);
    await svc.waitForCommand(privateCmd.body.command_id);
    const priv = await svc.api('GET', `/v1/commands/${privateCmd.body.command_id}?presigned_ttl_seconds=3600`);
    ctx = {
      outside,
      video: `${media.url}/${path.basename(tiny.video)}`,
      mediaUrl: media.url,
      serviceUrl: svc.url,
      playlistId: pl.output_files.out_playlist_1.file_id,
      privateUrl: priv.body.output_files.out_1.storage_url,
      tinyTs: fs.readFileSync(tinyTs),
    };
    for (const trick of [...SUBMIT_TRICKS, ...RUN_TRICKS, ...RED_TEAM_TRICKS]) {
      if (trick.zip) fs.writeFileSync(path.join(served, 'zips', `${slug(trick.name)}.zip`), buildZip(trick.zip(ctx)));
    }
    before = {
      outside: listTree(outside),
      dataTop: fs.readdirSync(svc.dataDir).sort(),
      canaries: Object.fromEntries(canaryFiles().map((f) => [f, sha(f)])),
    };
  }, 120_000);

  afterAll(async () => {
    console.log(
      `escape catalogue (checks ${parserOn ? 'on' : 'off'}, sandbox ${sandboxOn ? 'on' : 'off'}): ${figures.tried} tricks tried end to end ` +
        `(${figures.refusedAtSubmit} refused at submit with 422, ${figures.failedAtRun} FAILED at run time by the checks, ` +
        `${figures.heldBySandbox} held by the sandbox, ${figures.storagePathsRefused} storage URLs refused, ` +
        `${figures.knownParserMisses} known misses of the checks skipped); escapes found: ${figures.escapes.length}` +
        (figures.escapes.length ? ` -> ${figures.escapes.join('; ')}` : ''),
    );
    delete process.env.ESCAPE_CANARY_ENV;
    await svc?.stop();
    await media?.close();
    for (const dir of [outside, served, standinDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('through the API', () => {
    it('when a command reads a canary inside its own folder, then the leak detector sees it (control)', async () => {
      const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
        input_compressed_folder: `${media.url}/zips/control.zip`,
        output_files: { out_1: 'leak.raw' },
        vcpu_count: 1,
        ffmpeg_command: '-f rawvideo -pix_fmt gray -s 1x1 -i inside.txt -f rawvideo {{out_1}}',
      });
      expect(res.status, res.text).toBe(200);
      const done = await svc.waitForCommand(res.body.command_id);
      expect(done.status, JSON.stringify(done)).toBe('SUCCESS');
      expect(await leakIn(done), JSON.stringify(done)).toBe(true);
    });

    it('when the catalogue runs, then its ffmpeg is the stand-in that can act like exploited code (control)', async () => {
      expect(svc.service.parts.media.binaries().ffmpegPath).toBe(path.join(standinDir, 'standin-ffmpeg'));
      const res = await svc.api('POST', '/v1/run-ffmpeg-command', OUTPUT_TRICKS[0]!.body(ctx, ''));
      const done = await svc.waitForCommand(res.body.command_id);
      expect(done.error_message).toMatch(/standin-link-abs\.bin/);
      expect(done.error_message).toMatch(/link/);
    });

    const submitTricks = [...SUBMIT_TRICKS, ...RED_TEAM_TRICKS.filter((t) => t.expect === 'submit')];
    const runTricks = [...RUN_TRICKS, ...RED_TEAM_TRICKS.filter((t) => t.expect === 'run'), ...OUTPUT_TRICKS];

    for (const trick of submitTricks) {
      if (parserOn && trick.parserMiss && !sandboxOn) {
        it.skip(`known miss of the checks, held only by the sandbox (docs/sandbox.md): ${trick.name}`, () => undefined);
        figures.knownParserMisses++;
      } else if (parserOn && !trick.parserMiss) {
        it(`when ${trick.name}, then submit answers 422`, async () => {
          figures.tried++;
          const res = await submit(trick);
          if (res.status === 200) {
            const done = await svc.waitForCommand(res.body.command_id ?? res.body.command_ids[0]);
            if (done.status === 'SUCCESS' || (await leakIn(done))) figures.escapes.push(trick.name);
          }
          expect(res.status, JSON.stringify(res.body)).toBe(422);
          expect(res.body.detail[0].msg).toEqual(expect.any(String));
          expect(res.text).not.toContain(token);
          figures.refusedAtSubmit++;
        });
      } else {
        it(`when ${trick.name}, then the sandbox holds it: nothing leaks`, async () => {
          figures.tried++;
          await expectHeldBySandbox(trick);
        });
      }
    }

    for (const trick of runTricks) {
      if (parserOn && trick.parserMiss && !sandboxOn) {
        it.skip(`known miss of the checks, held only by the sandbox (docs/sandbox.md): ${trick.name}`, () => undefined);
        figures.knownParserMisses++;
      } else if (parserOn && !trick.parserMiss) {
        it.concurrent(`when ${trick.name}, then the command ends FAILED and nothing leaks`, async () => {
          figures.tried++;
          const res = await submit(trick);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const done = await svc.waitForCommand(res.body.command_id ?? res.body.command_ids[0]);
          const leaked = await leakIn(done);
          if (done.status === 'SUCCESS' || leaked) figures.escapes.push(trick.name);
          expect(leaked).toBe(false);
          expect({ status: done.status, error_status: done.error_status }, done.error_message).toEqual({ status: 'FAILED', error_status: trick.errorStatus });
          figures.failedAtRun++;
        });
      } else {
        it.concurrent(`when ${trick.name}, then the sandbox holds it: nothing leaks`, async () => {
          figures.tried++;
          await expectHeldBySandbox(trick);
        });
      }
    }

    it.each(STORAGE_PATH_TRICKS)('when a storage URL uses $name, then it is refused and serves nothing', async (trick) => {
      figures.tried++;
      const res = await fetch(`${svc.url}${trick.path(ctx)}`);
      const text = await res.text();
      if (res.status === 200 || text.includes(svc.key) || text.includes(token)) figures.escapes.push(`storage URL: ${trick.name}`);
      expect([403, 404]).toContain(res.status);
      expect(JSON.parse(text)).toEqual({ detail: expect.any(String) });
      figures.storagePathsRefused++;
    });
  });

  describe('ffprobe of a stored playlist', () => {
    const probeCase = sandboxOn ? it : it.skip;
    const label = sandboxOn
      ? 'when an uploaded playlist names an outside file, then its record tells nothing about that file (no metadata, no existence oracle)'
      : 'known miss of the checks, held only by the sandbox (docs/sandbox.md): ffprobe of an uploaded playlist reads the local files it names';
    probeCase(label, async () => {
      figures.tried++;
      const playlist = (target: string) => Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1,\n${target}\n#EXT-X-ENDLIST\n`);
      const existing = await uploadFile(svc, 'probe-a.m3u8', playlist(path.join(svc.dataDir, 'canary.ts')));
      const missing = await uploadFile(svc, 'probe-b.m3u8', playlist(path.join(svc.dataDir, 'no-such-file.ts')));
      const climbing = await uploadFile(svc, 'probe-c.m3u8', playlist('../../../canary.ts'));
      const fields = (f: JsonBody) =>
        Object.fromEntries(
          Object.entries(f).filter(
            ([k]) => !['file_id', 'filename', 'created_at', 'storage_url', 'file_url', 'size_bytes', 'size_mbytes', 'content_hash'].includes(k),
          ),
        );
      const leaked = [existing, climbing].some((f) => JSON.stringify(f).includes(token) || f.duration !== undefined);
      if (leaked) figures.escapes.push('ffprobe of a stored playlist');
      expect(leaked).toBe(false);
      expect(fields(existing)).toEqual(fields(missing));
      expect(fields(climbing)).toEqual(fields(missing));
      figures.heldBySandbox++;
    });
  });

  defineOtherClasses(() => ({
    svc,
    mediaUrl: media.url,
    token,
    standinPath: path.join(standinDir, 'standin-ffmpeg'),
    sandboxOn,
    tried: (name, held) => {
      figures.tried++;
      if (!held) figures.escapes.push(name);
    },
  }));

  describe('after the catalogue', () => {
    it('when every trick has ended, then no file appeared outside the job folders and every canary is unchanged', () => {
      const known = new Set([...before.dataTop, 'blobs', 'jobs', 'uploads', 'staging', 'ffdesk.db-wal', 'ffdesk.db-shm']);
      const strayTop = fs.readdirSync(svc.dataDir).filter((f) => !known.has(f));
      const strayJobs = fs.existsSync(path.join(svc.dataDir, 'jobs')) ? fs.readdirSync(path.join(svc.dataDir, 'jobs')) : [];
      const outsideNow = listTree(outside);
      // The parent of the data dir (the temp folder) is shared with other tests, so only the tricks' own names are looked for there.
      const trickNames = [
        'pwned.txt',
        'pwned.mp4',
        'tee.mp4',
        'dump.ttf',
        'x264.log',
        'pass-0.log',
        'seg0.ts',
        'list.m3u8',
        'ffdesk.db',
        'pwned-list.m3u8',
        'pwned0.ts',
      ];
      const strayParent = fs.readdirSync(path.dirname(svc.dataDir)).filter((f) => trickNames.includes(f));
      if (strayTop.length || strayJobs.length || strayParent.length || outsideNow.join() !== before.outside.join())
        figures.escapes.push('files written outside');
      expect(strayParent).toEqual([]);
      expect(strayTop).toEqual([]);
      expect(strayJobs).toEqual([]);
      expect(outsideNow).toEqual(before.outside);
      expect(Object.fromEntries(canaryFiles().map((f) => [f, sha(f)]))).toEqual(before.canaries);
      expect(figures.tried).toBeGreaterThanOrEqual(30);
      expect(figures.escapes).toEqual([]);
    });
  });
}
