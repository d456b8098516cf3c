import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePackagePath } from '../../media/binaries';
import { startTestService, type TestService } from '../../testing/harness';
import { otherAccountKey } from '../../testing/hardening/fixtures';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

describe('which ffmpeg runs, and what it can do', () => {
  it('when /v1/health is read with the local key, then it names every candidate, the chosen one, why, and where they are', async () => {
    const res = await svc.api('GET', '/v1/health');
    expect(res.status).toBe(200);
    const { ffmpeg, ffprobe } = res.body;
    expect(ffmpeg.path).toBe(svc.service.parts.media.binaries().ffmpegPath);
    expect(ffmpeg.path).toBe(res.body.ffmpeg_path);
    expect(ffmpeg.version).toBe(res.body.ffmpeg_version);
    expect(ffmpeg.reason).toMatch(/candidate/);
    expect(ffmpeg.candidates.filter((c: { chosen: boolean }) => c.chosen)).toHaveLength(1);
    expect(ffmpeg.candidates.map((c: { source: string }) => c.source)).toContain('@ffmpeg-installer/ffmpeg');
    expect(ffprobe.candidates.find((c: { chosen: boolean }) => c.chosen).path).toBe(res.body.ffprobe_path);
    expect(['reading', 'ready']).toContain(res.body.capabilities);
  });

  it('when /v1/health is read without a key or with another account, then it names the builds but no path of this machine', async () => {
    const other = otherAccountKey(svc);
    for (const key of [null, other, 'not-a-key']) {
      const res = await svc.api('GET', '/v1/health', undefined, { key });
      expect(res.status).toBe(200);
      const { ffmpeg } = res.body;
      expect(ffmpeg.version).toBe(res.body.ffmpeg_version);
      expect(ffmpeg.candidates.filter((c: { chosen: boolean }) => c.chosen)).toHaveLength(1);
      expect(res.body).toMatchObject({ ffmpeg_path: null, ffprobe_path: null });
      const paths = [svc.service.parts.media.binaries().ffmpegPath, svc.service.parts.media.binaries().ffprobePath, svc.dataDir];
      for (const p of paths) expect(JSON.stringify(res.body)).not.toContain(p);
    }
  });

  it('when /v1/capabilities is read, then it lists what the chosen binary itself lists', async () => {
    expect((await svc.api('GET', '/v1/capabilities', undefined, { key: null })).status).toBe(401);
    const res = await svc.api('GET', '/v1/capabilities');
    expect(res.status).toBe(200);
    const c = res.body;
    expect(c.ffmpeg_path).toBe(svc.service.parts.media.binaries().ffmpegPath);
    const theirs = await svc.api('GET', '/v1/capabilities', undefined, { key: otherAccountKey(svc, 'trial') });
    expect(theirs.body.ffmpeg_path).toBeNull();
    expect(c.encoders).toContainEqual(expect.objectContaining({ name: 'libx264', type: 'video' }));
    expect(c.decoders).toContainEqual(expect.objectContaining({ name: 'aac', type: 'audio' }));
    expect(c.filters).toContainEqual(expect.objectContaining({ name: 'scale', io: 'V->V' }));
    expect(c.muxers).toContainEqual(expect.objectContaining({ name: 'mp4' }));
    expect(c.demuxers.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['mov', 'mp4', 'matroska']));
    expect(c.protocols.input).toContain('file');
    expect(c.options).toEqual(expect.arrayContaining(['i', 'vf', 'filter_complex', 'crf', 'preset', 'map']));
    expect(['detecting', 'done']).toContain(c.hardware_encoders.state);
  });

  it('when the hardware test encodes have run, then /v1/system says which encoders work and why the others do not', async () => {
    await svc.service.parts.media.facts().hardwareDone();
    const sys = (await svc.api('GET', '/v1/system')).body;
    expect(sys.hardware_encoders.state).toBe('done');
    expect((await svc.api('GET', '/v1/health', undefined, { key: null })).body.capabilities).toBe('ready');
    for (const t of sys.hardware_encoders.tried) expect(t.works || t.detail.length > 0, JSON.stringify(t)).toBe(true);
    expect(sys.hardware_encoders.working).toEqual(
      sys.hardware_encoders.tried.filter((t: { works: boolean }) => t.works).map((t: { encoder: string }) => t.encoder),
    );
  });
});

describe('PROCESSING_ERROR messages', () => {
  it("when a filter name is misspelt, then error_message leads with ffmpeg's line and the closest real filter", async () => {
    const sent = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: {},
      output_files: { out_1: 'o.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc=d=0.2 -vf scael=320:-2 {{out_1}}',
    });
    expect(sent.status, sent.text).toBe(200); // the API stays faithful: no 422 for an unknown filter
    const done = await svc.waitForCommand(sent.body.command_id);
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message.split('\n')[0]).toBe("No such filter: 'scael' (did you mean 'scale'?)");
    const log = await svc.api('GET', `/v1/commands/${sent.body.command_id}/log`);
    expect(log.text).toContain("No such filter: 'scael'");
    expect(log.text).toContain('Error reinitializing filters'); // the whole stderr stays in the log
  });
});

const installer = requirePackagePath('@ffmpeg-installer/ffmpeg');
describe.skipIf(!installer)(`the registry-shipped build${installer ? '' : ' [SKIPPED: @ffmpeg-installer/ffmpeg has no binary for this platform]'}`, () => {
  it("when FFDESK_FFMPEG_PATH forces @ffmpeg-installer's build, then a command still runs on it (a machine with only npm)", async () => {
    const before = process.env.FFDESK_FFMPEG_PATH;
    process.env.FFDESK_FFMPEG_PATH = installer ?? '';
    const npmOnly = await startTestService().finally(() => {
      if (before === undefined) delete process.env.FFDESK_FFMPEG_PATH;
      else process.env.FFDESK_FFMPEG_PATH = before;
    });
    try {
      expect((await npmOnly.api('GET', '/v1/health')).body.ffmpeg).toMatchObject({ source: 'FFDESK_FFMPEG_PATH', version: expect.stringMatching(/^N-/) });
      const sent = await npmOnly.api('POST', '/v1/run-ffmpeg-command', {
        input_files: {},
        output_files: { out_1: 'tone.m4a' },
        ffmpeg_command: '-f lavfi -i sine=d=0.5 -c:a aac {{out_1}}',
      });
      expect(sent.status, sent.text).toBe(200);
      const done = await npmOnly.waitForCommand(sent.body.command_id);
      expect(done.status, done.error_message).toBe('SUCCESS');
      expect((await npmOnly.api('GET', '/v1/capabilities')).body.encoders.length).toBeGreaterThan(50);
    } finally {
      await npmOnly.stop();
    }
  });
});
