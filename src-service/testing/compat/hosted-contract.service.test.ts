import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { makeTinyMedia, startMediaServer, type MediaServer, type TinyMedia } from '../media';
import {
  CommandResponse,
  CommandsListItemResponse,
  CommandsResponse,
  CommandStatusResponse,
  conform,
  conformList,
  DetailBody,
  HTTPValidationError,
  RendiStoredFile,
} from './hosted-contract';

/** Every response shape, field by field, against what the hosted service's OpenAPI document requires (testing/compat/hosted-contract.ts). */
let svc: TestService;
let media: MediaServer;
let tiny: TinyMedia;

beforeAll(async () => {
  tiny = makeTinyMedia(tempDir('ffdesk-contract-media-'));
  media = await startMediaServer(tiny.dir);
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

/** Polls like a client, checking every body seen on the way, not only the last one. */
async function pollChecked(id: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const r = await svc.api('GET', `/v1/commands/${id}`);
    expect(r.status).toBe(200);
    expect(conform(r.body, CommandStatusResponse), JSON.stringify(r.body)).toEqual([]);
    if (r.body.status === 'SUCCESS' || r.body.status === 'FAILED') return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`${id} never finished`);
}

describe('the checker itself', () => {
  it('when a record breaks the document, then every problem is named', () => {
    const bad = { command_id: 'x', status: 'DONE', output_files: { out_1: { file_id: 'f', storage_url: 3 } } };
    expect(conform(bad, CommandStatusResponse)).toEqual([
      '$.status: "DONE" is not one of QUEUED, PROCESSING, FAILED, SUCCESS',
      '$.original_request: required by CommandStatusResponse, missing',
      '$.output_files.out_1.size_mbytes: required by RendiStoredFileMetadata, missing',
      '$.output_files.out_1.storage_url: expected string, got 3',
    ]);
    expect(conform({ detail: [{ loc: ['body', {}], msg: 'm' }] }, HTTPValidationError)).toEqual([
      '$.detail[0].type: required by ValidationError, missing',
      '$.detail[0].loc: items must be strings or integers',
    ]);
  });
});

describe('FFDesk responses conform to the hosted OpenAPI document', () => {
  it('run-ffmpeg-command: CommandResponse, then CommandStatusResponse at every poll, outputs as RendiStoredFileMetadata', async () => {
    const r = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'small.mp4', out_2: 'frame.jpg' },
      ffmpeg_command: '-i {{in_1}} -vf scale=160:-2 {{out_1}} -frames:v 1 {{out_2}}',
    });
    expect(conform(r.body, CommandResponse)).toEqual([]);
    const done = await pollChecked(r.body.command_id);
    expect(done.status).toBe('SUCCESS');
    expect(Object.keys(done.output_files)).toEqual(['out_1', 'out_2']);
  });

  it('a FAILED command: CommandStatusResponse with error_status and error_message strings', async () => {
    const r = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/missing.mp4` },
      output_files: { out_1: 'o.mp4' },
      ffmpeg_command: '-i {{in_1}} {{out_1}}',
    });
    const done = await pollChecked(r.body.command_id);
    expect(done).toMatchObject({ status: 'FAILED', error_status: expect.any(String), error_message: expect.any(String) });
  });

  it('chained and multiple: CommandsResponse', async () => {
    const chained = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'a.mp4' },
      interim_files: { inter_1: 'i.mp4' },
      ffmpeg_chained_commands: ['-i {{in_1}} -t 0.5 {{inter_1}}', '-i {{inter_1}} {{out_1}}'],
    });
    expect(conform(chained.body, CommandsResponse)).toEqual([]);
    const multiple = await svc.api('POST', '/v1/run-multiple-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'a.jpg', out_2: 'b.jpg' },
      ffmpeg_commands: ['-i {{in_1}} -frames:v 1 {{out_1}}', '-i {{in_1}} -frames:v 1 -vf scale=32:-2 {{out_2}}'],
    });
    expect(conform(multiple.body, CommandsResponse)).toEqual([]);
    for (const id of [...chained.body.command_ids, ...multiple.body.command_ids]) expect((await pollChecked(id)).status).toBe('SUCCESS');
  });

  it('GET /v1/commands: CommandsListItemResponse items with a date-time created_at', async () => {
    const list = await svc.api('GET', '/v1/commands');
    expect(list.body.length).toBeGreaterThan(2);
    expect(conformList(list.body, CommandsListItemResponse)).toEqual([]);
  });

  it('files: upload, list, get, and a failed file (status=all) are all RendiStoredFile', async () => {
    const form = new FormData();
    form.append('upload_file', new Blob([new Uint8Array(fs.readFileSync(tiny.audio))]), 'audio.mp3');
    const up = await fetch(`${svc.url}/v1/files/upload`, { method: 'POST', headers: { 'X-API-KEY': svc.key }, body: form });
    const uploaded = (await up.json()) as { file_id: string };
    expect(conform(uploaded, RendiStoredFile)).toEqual([]);
    const failed = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/gone.mp4` });
    for (let i = 0; i < 200 && (await svc.api('GET', `/v1/files/${failed.body.file_id}`)).body.status !== 'FAILED'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(conform((await svc.api('GET', `/v1/files/${failed.body.file_id}`)).body, RendiStoredFile)).toEqual([]);
    expect(conform((await svc.api('GET', `/v1/files/${uploaded.file_id}`)).body, RendiStoredFile)).toEqual([]);
    for (const query of ['', '?status=all']) {
      const list = await svc.api('GET', `/v1/files${query}`);
      expect(list.body.length).toBeGreaterThan(0);
      expect(conformList(list.body, RendiStoredFile)).toEqual([]);
    }
  });

  it('errors: 422 is an HTTPValidationError, 401 a {detail} string', async () => {
    const bad = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: 'x' },
      output_files: { output1: 'o.mp4' },
      ffmpeg_command: 'ffmpeg -i {{in_1}}',
      vcpu_count: 'many',
    });
    expect(bad.status).toBe(422);
    expect(conform(bad.body, HTTPValidationError)).toEqual([]);
    const unauth = await svc.api('GET', '/v1/files', undefined, { key: 'nope' });
    expect(unauth.status).toBe(401);
    expect(conform(unauth.body, DetailBody)).toEqual([]);
  });
});
