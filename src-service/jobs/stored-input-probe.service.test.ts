import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaries } from '../testing/media-fixtures';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../testing/media';

/**
 * A stored file's probe is never repeated (docs/performance.md, "Job overhead"): its record
 * already holds the media facts. ffprobe is a wrapper that logs each file it is asked about,
 * then runs the real one; the sandbox is off so the wrapper can write its log (the count is
 * what is tested here, not the confinement: docs/sandbox.md has its own tests).
 */
let svc: TestService;
let media: MediaServer;
let dir: string;
let log: string;
const saved = process.env.FFDESK_FFPROBE_PATH;

beforeAll(async () => {
  dir = tempDir('ffdesk-probe-count-');
  makeTinyMedia(dir, { seconds: 1 });
  log = path.join(dir, 'probes.log');
  const wrapper = path.join(dir, 'ffprobe');
  fs.writeFileSync(wrapper, `#!/bin/sh\nfor a; do last="$a"; done\necho "$last" >> '${log}'\nexec '${binaries.ffprobePath}' "$@"\n`, { mode: 0o755 });
  process.env.FFDESK_FFPROBE_PATH = wrapper;
  media = await startMediaServer(dir);
  svc = await startTestService({ sandbox: 'off' });
});

afterAll(async () => {
  await svc?.stop();
  await media?.close();
  if (saved === undefined) delete process.env.FFDESK_FFPROBE_PATH;
  else process.env.FFDESK_FFPROBE_PATH = saved;
  fs.rmSync(dir, { recursive: true, force: true });
});

const probed = () =>
  (fs.existsSync(log)
    ? fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter((a) => a.startsWith('/'))
    : []
  ).map((p) => path.basename(p)); // not the -version runs

async function runToEnd(input: string, output: string): Promise<any> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
    input_files: { in_1: input },
    output_files: { out_1: output },
    ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const done = await svc.waitForCommand(res.body.command_id);
  expect(done.status, done.error_message).toBe('SUCCESS');
  return done;
}

describe('probing inputs and outputs', () => {
  it('when a stored output is the input of the next command, then only the new output is probed', async () => {
    const first = await runToEnd(`${media.url}/video.mp4`, 'first.mkv');
    expect(probed().sort()).toEqual(['first.mkv', 'video.mp4']); // a downloaded input is probed once (progress %), the output once
    expect(first.output_files.out_1.duration).toBeGreaterThan(0);

    const before = probed().length;
    const second = await runToEnd(first.output_files.out_1.storage_url, 'second.mp4');
    expect(probed().slice(before)).toEqual(['second.mp4']);
    expect(second.output_files.out_1.duration).toBeGreaterThan(0);
  });
});
