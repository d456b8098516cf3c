import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';
import { requirePackagePath } from '../media/binaries';
import { CLI_PROGRAM, cliArgs } from '../testing/cli-bundle';

const installer = requirePackagePath('@ffmpeg-installer/ffmpeg');

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

/** `ffdesk doctor` as a user runs it: a real child process, its own data dir. */
async function doctor(args: string[], env: Record<string, string> = {}) {
  const r = await promisify(execFile)(CLI_PROGRAM, cliArgs(['doctor', ...args]), {
    cwd: root,
    // The data dir's own cache (the suite shares one through FFDESK_FFMPEG_CACHE_FILE otherwise).
    env: { ...process.env, FFDESK_DATA_DIR: dataDir, FFDESK_FFMPEG_CACHE_FILE: '', ...env },
    encoding: 'utf8',
  });
  return r.stdout;
}

beforeAll(() => {
  dataDir = tempDir('ffdesk-doctor-');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('ffdesk doctor', () => {
  it('when run, then it prints the chosen ffmpeg/ffprobe, every candidate with its version and note, and the hardware encoders', async () => {
    const out = await doctor([]);
    expect(out).toMatch(/^ffmpeg: \/\S+\n {2}version: \S+\n {2}why: (the newest of \d+|the only) candidates? that runs?/);
    expect(out).toMatch(/\n {3}\* {2}\S+ +\S+ +\/\S+ +chosen: /); // the chosen row is starred
    if (installer) expect(out).toMatch(/@ffmpeg-installer\/ffmpeg +N-47683\S* +\/\S+ +(older than|chosen)/);
    expect(out).toMatch(/\nffprobe: \//);
    expect(out).toMatch(/\nhardware encoders: /);
    // sendfile where npm install built the module (Linux), else buffers and why; each with its reason.
    expect(out).toMatch(
      fs.existsSync(path.join(root, 'out/native/ffdesk_sendfile.node')) && process.platform === 'linux'
        ? /\ndownloads: sendfile\(2\): /
        : /\ndownloads: through buffers \(.+\)/,
    );
    expect(out).toContain('FFDESK_FFMPEG_PATH');
    const cache = path.join(dataDir, 'ffmpeg-builds.json');
    expect(fs.existsSync(cache)).toBe(true); // the service's cache, filled
    fs.writeFileSync(cache, '{"version":1,"binaries":{"/stale":{"size":1,"mtimeMs":1,"facts":{}}}}');
    await doctor(['--refresh']);
    expect(fs.readFileSync(cache, 'utf8')).not.toContain('/stale'); // --refresh started from scratch
  }, 90_000);

  it.skipIf(!installer)(
    `when --json is given and FFDESK_FFMPEG_PATH is set, then the JSON shows the forced binary and why${installer ? '' : ' [SKIPPED: @ffmpeg-installer has no binary for this platform]'}`,
    async () => {
      const forced = JSON.parse(await doctor(['--json'], { FFDESK_FFMPEG_PATH: installer ?? '' }));
      expect(forced.ffmpeg).toMatchObject({ source: 'FFDESK_FFMPEG_PATH', reason: 'FFDESK_FFMPEG_PATH is set', version: expect.stringMatching(/^N-/) });
      expect(forced.ffmpeg.candidates).toHaveLength(1);
      expect(forced.hardware_encoders.state).toBe('done');
    },
    60_000,
  );
});
