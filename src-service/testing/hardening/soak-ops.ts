import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { NetworkError, type Api } from './client';
import { putSlowly } from './slow-put';
import type { Rng } from './seeded-rng';

/**
 * The client side of the soak: what scripts do against the service, with the state a real
 * client keeps across a service crash (accepted ids, half-done uploads). Every request that
 * gets an answer is checked; a request cut off by the kill is counted, not failed.
 */
export type OpKind =
  | 'store-file'
  | 'cmd-download'
  | 'cmd-zip'
  | 'cmd-folder'
  | 'cmd-playlist'
  | 'cmd-ffmpeg'
  | 'cmd-store'
  | 'cmd-chained'
  | 'upload'
  | 'delete-one'
  | 'bulk-delete'
  | 'command-files';

export const OP_KINDS: OpKind[] = [
  'store-file',
  'cmd-download',
  'cmd-zip',
  'cmd-folder',
  'cmd-playlist',
  'cmd-ffmpeg',
  'cmd-store',
  'cmd-chained',
  'upload',
  'delete-one',
  'bulk-delete',
  'command-files',
];

export interface KnownFile {
  kind: 'store' | 'upload' | 'output';
  sha256?: string;
  manifest?: boolean;
  deleted?: boolean;
}

export interface UploadFlow {
  data: Buffer;
  sha256: string;
  fileId?: string;
  urls?: string[];
  partSize?: number;
  etags: (string | undefined)[];
  completed: boolean;
  busy?: boolean;
}

const MiB = 1024 * 1024;

export class SoakWorld {
  readonly commands = new Map<string, { kind: OpKind; final?: string }>();
  readonly files = new Map<string, KnownFile>();
  readonly uploads: UploadFlow[] = [];
  readonly tally = new Map<string, number>();
  /** Answers that break the contract (5xx, unexpected codes): reported as violations. */
  readonly problems: string[] = [];
  /** 'op' with the kind, as each request goes out (kill triggers listen). */
  readonly hooks = new EventEmitter();
  readonly inFlight = new Map<string, number>();

  constructor(
    readonly api: Api,
    readonly rng: Rng,
    readonly mediaUrl: string,
    readonly mediaSha: Record<string, string>,
  ) {}

  count(what: string, n = 1): void {
    this.tally.set(what, (this.tally.get(what) ?? 0) + n);
  }

  /** Runs one request-making step, marking it in flight; a cut-off request is counted and swallowed. */
  async step<T>(kind: string, fn: () => Promise<T>): Promise<T | undefined> {
    this.inFlight.set(kind, (this.inFlight.get(kind) ?? 0) + 1);
    this.hooks.emit('op', kind);
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      this.count(`cut: ${kind}`);
      return undefined;
    } finally {
      this.inFlight.set(kind, (this.inFlight.get(kind) ?? 1) - 1);
    }
  }

  expectStatus(what: string, status: number, allowed: number[], body: unknown): boolean {
    this.count(`${what} -> ${status}`);
    if (allowed.includes(status)) return true;
    this.problems.push(`${what}: unexpected HTTP ${status} ${JSON.stringify(body).slice(0, 300)}`);
    return false;
  }
}

/** One client operation of the given kind. */
export async function runOp(w: SoakWorld, kind: OpKind): Promise<void> {
  if (kind === 'store-file') return storeFile(w);
  if (kind === 'upload') {
    const flow = newUpload(w);
    w.uploads.push(flow);
    return advanceUpload(w, flow);
  }
  if (kind === 'delete-one' || kind === 'bulk-delete' || kind === 'command-files') return deleteSomething(w, kind);
  return submitCommand(w, kind);
}

function commandBody(w: SoakWorld, kind: OpKind): { path: string; body: Record<string, unknown> } {
  const m = w.mediaUrl;
  const run = (body: Record<string, unknown>) => ({ path: '/v1/run-ffmpeg-command', body: { vcpu_count: 1, ...body } });
  switch (kind) {
    case 'cmd-download':
      return run({
        input_files: { in_1: `${m}/video.mp4` },
        output_files: { out_1: 'clip.mp4' },
        ffmpeg_command: '-i {{in_1}} -t 1 -vf scale=160:-2 -c:v libx264 -preset ultrafast -an {{out_1}}',
      });
    case 'cmd-zip':
      return run({
        input_compressed_folder: `${m}/inputs.zip`,
        output_files: { out_1: 'thumb.jpg' },
        ffmpeg_command: '-i frame.png -vf scale=64:48 {{out_1}}',
      });
    case 'cmd-folder':
      return run({ input_compressed_folder: `${m}/inputs.zip`, output_files: 'OUTPUT_FOLDER', ffmpeg_command: '-i clip.mp4 -vf fps=4 frame_%03d.png' });
    case 'cmd-playlist':
      return run({
        output_files: { out_playlist_1: 'p.m3u8' },
        ffmpeg_command:
          '-f lavfi -i testsrc=size=160x120:rate=10:duration=2 -c:v libx264 -preset ultrafast -g 5 -hls_time 0.5 -hls_playlist_type vod -f hls {{out_playlist_1}}',
      });
    case 'cmd-ffmpeg':
      return run({
        output_files: { out_1: 'run.mp4' },
        ffmpeg_command: '-re -f lavfi -i testsrc=size=160x120:rate=10:duration=2 -c:v libx264 -preset ultrafast {{out_1}}',
      });
    case 'cmd-store':
      return run({
        output_files: { out_1: 'raw.nut' },
        ffmpeg_command: '-f lavfi -i testsrc=size=320x240:rate=25:duration=2 -c:v rawvideo -pix_fmt rgb24 -f nut {{out_1}}',
      });
    default:
      return {
        path: '/v1/run-chained-ffmpeg-commands',
        body: {
          vcpu_count: 1,
          input_files: { in_1: `${m}/video.mp4` },
          output_files: { out_1: 'a.mp4', out_2: 'b.jpg' },
          ffmpeg_commands: ['-i {{in_1}} -t 1 -c copy {{out_1}}', '-i {{out_1}} -frames:v 1 {{out_2}}'],
        },
      };
  }
}

async function submitCommand(w: SoakWorld, kind: OpKind): Promise<void> {
  const { path, body } = commandBody(w, kind);
  const res = await w.step('submit', () => w.api('POST', path, body));
  if (!res || !w.expectStatus('submit', res.status, [200], res.body)) return;
  w.commands.set(res.body.command_id as string, { kind });
}

async function storeFile(w: SoakWorld): Promise<void> {
  const name = w.rng.pick(['video.mp4', 'blob.bin']);
  const res = await w.step('store-file', () => w.api('POST', '/v1/files/store-file', { file_url: `${w.mediaUrl}/${name}` }));
  if (!res || !w.expectStatus('store-file', res.status, [200], res.body)) return;
  w.files.set(res.body.file_id as string, { kind: 'store', sha256: w.mediaSha[name] });
}

function newUpload(w: SoakWorld): UploadFlow {
  // 256 KiB .. 7 MiB: one part, or two of the minimum 5 MiB part size.
  const data = crypto.randomBytes(w.rng.int(256 * 1024, 7 * MiB));
  return { data, sha256: sha256(data), etags: [], completed: false };
}

/** init -> every missing part -> complete, resuming wherever the last kill cut it off (one advance at a time per upload). */
export async function advanceUpload(w: SoakWorld, flow: UploadFlow): Promise<void> {
  if (flow.busy) return;
  flow.busy = true;
  try {
    await advance(w, flow);
  } finally {
    flow.busy = false;
  }
}

async function advance(w: SoakWorld, flow: UploadFlow): Promise<void> {
  if (!flow.fileId) {
    const res = await w.step('init-upload', () =>
      w.api('POST', '/v1/files/init-upload', { filename: 'upload.bin', size_bytes: flow.data.length, part_size: 5 * MiB }),
    );
    if (!res || !w.expectStatus('init-upload', res.status, [200], res.body)) return;
    Object.assign(flow, { fileId: res.body.file_id, urls: res.body.upload_urls, partSize: res.body.part_size });
    w.files.set(res.body.file_id as string, { kind: 'upload', sha256: flow.sha256 });
  }
  const urls = flow.urls as string[];
  for (let i = 0; i < urls.length; i++) {
    if (flow.etags[i]) continue;
    const part = flow.data.subarray(i * (flow.partSize as number), (i + 1) * (flow.partSize as number));
    const put = await w.step('part-put', () => putSlowly(urls[i] as string, part, { chunkBytes: 64 * 1024, delayMs: 4 }));
    if (!put || !w.expectStatus('part-put', put.status, [200], put.body)) return;
    flow.etags[i] = put.etag;
  }
  if (flow.completed) return;
  const parts = flow.etags.map((etag, i) => ({ part_number: i + 1, etag }));
  const res = await w.step('complete', () => w.api('POST', `/v1/files/${flow.fileId}/complete-upload`, { parts }));
  if (!res) return;
  if (res.status === 400) {
    // A complete that went through before the kill cut its answer off: the file moved on.
    const rec = await w.step('poll', () => w.api('GET', `/v1/files/${flow.fileId}`));
    if (rec && rec.body?.status !== 'UPLOADING') {
      w.count('complete -> 400, already completed before the kill');
      flow.completed = true;
      return;
    }
  }
  if (w.expectStatus('complete', res.status, [200], res.body)) flow.completed = true;
}

async function deleteSomething(w: SoakWorld, kind: 'delete-one' | 'bulk-delete' | 'command-files'): Promise<void> {
  const live = [...w.files.entries()].filter(([, f]) => !f.deleted);
  if (kind === 'command-files') {
    const done = [...w.commands.entries()].filter(([, c]) => c.final === 'SUCCESS').map(([id]) => id);
    if (done.length === 0) return;
    const id = w.rng.pick(done);
    const res = await w.step('delete', () => w.api('DELETE', `/v1/commands/${id}/files`));
    if (res) w.expectStatus('command-files delete', res.status, [204], res.body);
    return;
  }
  if (kind === 'delete-one') {
    if (live.length === 0) return;
    const [id, f] = w.rng.pick(live);
    const res = await w.step('delete', () => w.api('DELETE', `/v1/files/${id}`));
    if (res && w.expectStatus('delete', res.status, [204], res.body)) f.deleted = true;
    return;
  }
  const plain = live.filter(([, f]) => !f.manifest);
  if (plain.length === 0) return;
  const chosen = Array.from({ length: w.rng.int(1, 3) }, () => w.rng.pick(plain));
  const res = await w.step('delete', () => w.api('POST', '/v1/files/bulk-delete', { file_ids: chosen.map(([id]) => id) }));
  if (res && w.expectStatus('bulk-delete', res.status, [200], res.body)) for (const [, f] of chosen) f.deleted = true;
}

/** Polls commands the client has not seen finish; learns their output files (delete targets). */
export async function learnCommands(w: SoakWorld): Promise<number> {
  let open = 0;
  for (const [id, c] of w.commands) {
    if (c.final) continue;
    const res = await w.step('poll', () => w.api('GET', `/v1/commands/${id}`));
    if (!res) return -1;
    if (!w.expectStatus('poll', res.status, [200], res.body)) continue;
    const status = res.body.status as string;
    if (status === 'SUCCESS' || status === 'FAILED') {
      c.final = status;
      w.count(`command ${status}${res.body.error_status ? ` ${res.body.error_status}` : ''}`);
      for (const out of Object.values((res.body.output_files ?? {}) as Record<string, { file_id: string; file_type: string }>)) {
        w.files.set(out.file_id, { kind: 'output', manifest: out.file_type === 'output_manifest' });
      }
    } else open++;
  }
  return open;
}

export const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
