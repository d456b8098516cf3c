import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.stop();
});

async function runToEnd(body: Record<string, unknown>): Promise<any> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return svc.waitForCommand(res.body.command_id);
}

/** A one-frame PNG made by ffmpeg itself, stored as a command output. */
const makeFrame = (isPrivate: boolean) =>
  runToEnd({ output_files: { out_1: 'frame.png' }, is_private: isPrivate, ffmpeg_command: '-f lavfi -i color=c=red:size=32x32 -frames:v 1 {{out_1}}' });

const readFrame = (url: string) =>
  runToEnd({ input_files: { in_1: url }, output_files: { out_1: 'copy.png' }, ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}' });

describe("inputs read from this service's own storage", () => {
  it('when the stored file may be read, then the command reads it from disk and succeeds', async () => {
    const frame = await makeFrame(false);
    expect(frame.status, frame.error_message).toBe('SUCCESS');
    const done = await readFrame(`${svc.url}/storage/${frame.output_files.out_1.file_id}/frame.png`);
    expect(done.status, done.error_message).toBe('SUCCESS');
  });

  it('when the stored file is private and the URL unsigned, then the command fails UNREACHABLE_INPUT_FILE saying why', async () => {
    const frame = await makeFrame(true);
    expect(frame.status, frame.error_message).toBe('SUCCESS');
    const url = `${svc.url}/storage/${frame.output_files.out_1.file_id}/frame.png`;
    const done = await readFrame(url);
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'UNREACHABLE_INPUT_FILE' });
    expect(done.error_message).toContain(`Could not read ${url}: This file is private`);
  });

  it('when the URL names a file that is not stored, then the command fails UNREACHABLE_INPUT_FILE with "File not found"', async () => {
    const frame = await makeFrame(false);
    const url = `${svc.url}/storage/${frame.output_files.out_1.file_id}/other-name.png`;
    const done = await readFrame(url);
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'UNREACHABLE_INPUT_FILE' });
    expect(done.error_message).toContain(`Could not read ${url}: File not found`);
  });
});
