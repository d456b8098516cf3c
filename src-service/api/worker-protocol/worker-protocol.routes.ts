import type { Context, Middleware, Next } from 'koa';
import { NotFoundError } from '../../errors';
import { HttpError } from '../http-error';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import type { GuardedRouter } from '../guarded-router';
import { workerProtocolEndpoints } from '../../contract/endpoints/worker-protocol';
import type { WorkersRepo } from '../../scale-out/workers-repo';
import type { RemoteJobs } from '../../scale-out/remote-jobs';
import type { PieceQueue, SegmentCoordinator } from '../../scale-out/segments/coordinator';

/** Segmented encodes spread over workers: the coordinator and the queue its pieces go to. */
interface Segments {
  coordinator: SegmentCoordinator;
  pieces(): PieceQueue | null;
}

const PART_NUMBER = /^[0-9]{1,6}$/;

class WorkerUnauthorizedError extends HttpError {
  constructor() {
    super(401, 'A valid worker token is required (Authorization: Bearer <token from `ffdesk workers token`)');
  }
}

/**
 * `/v1/worker/...`: the routes workers call, declared in contract/endpoints/worker-protocol.ts
 * and authenticated by a worker token (never a user's API key; and a worker token opens no
 * user route). Served before the API-key check, the token checked before anything else.
 */
export function workerApi(workers: WorkersRepo, jobs: RemoteJobs, segments: Segments): GuardedRouter {
  return { prefix: '/v1/worker/', guard: workerToken(workers), router: workerProtocolRoutes(workers, jobs, segments) };
}

function workerToken(workers: WorkersRepo): Middleware {
  return async function requireWorkerToken(ctx: Context, next: Next): Promise<void> {
    const auth = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
    const tokenId = auth ? workers.findToken(auth[1] as string) : undefined;
    if (!tokenId) throw new WorkerUnauthorizedError();
    ctx.state.workerTokenId = tokenId;
    await next();
  };
}

function workerProtocolRoutes(workers: WorkersRepo, jobs: RemoteJobs, { coordinator, pieces }: Segments) {
  return mountEndpoints(createRouter(), workerProtocolEndpoints, {
    workerHeartbeat: (ctx, { body: b }) => {
      workers.report(ctx.state.workerTokenId as string, {
        id: b.worker_id,
        host: b.host,
        ffmpegVersion: b.ffmpeg_version,
        hardwareEncoders: b.hardware_encoders,
        cores: b.cores,
        vcpus: b.vcpus,
        running: b.running,
      });
      return { ok: true as const };
    },
    workerClaim: (_ctx, input) => jobs.claim(input.params.command_id, input.body.worker_id),
    workerProgress: (_ctx, input) => jobs.progress(input.params.command_id, input.body.worker_id, input.body.progress),
    workerInitFile: (_ctx, input) => {
      const b = input.body;
      const id = input.params.command_id;
      const gone = b.segment === undefined ? jobs.progress(id, b.worker_id, null).cancel : coordinator.progress(id, b.segment, b.worker_id, null).cancel;
      if (gone) throw new HttpError(409, 'The command is no longer running on this worker');
      return jobs.uploads.init(id, b.path, b.size_bytes);
    },
    // Read from ctx, not the declared schemas: a malformed part number is an unknown path (404), never a 422.
    workerUploadPart: async (ctx) => {
      const { upload_id: uploadId = '', part_number: partNumber = '' } = ctx.params;
      if (!PART_NUMBER.test(partNumber)) throw new NotFoundError('Not Found');
      const etag = await jobs.uploads.putPart(uploadId, Number(partNumber), String(ctx.query.token ?? ''), ctx.req);
      ctx.set('ETag', etag);
      return { etag };
    },
    workerCompleteUpload: async (_ctx, input) => {
      const etags = input.body.etags;
      await jobs.uploads.complete(input.params.upload_id, etags);
      return { ok: true as const };
    },
    workerCompleteCommand: (_ctx, input) => jobs.complete(input.params.command_id, input.body.worker_id, input.body),
    workerFailCommand: (_ctx, input) => jobs.reportFailure(input.params.command_id, input.body.worker_id, input.body),
    workerClaimSegment: (_ctx, { params: p, body: b }) => coordinator.claim(p.command_id, Number(p.index), b.worker_id),
    workerSegmentProgress: (_ctx, { params: p, body: b }) => coordinator.progress(p.command_id, Number(p.index), b.worker_id, b.progress),
    workerCompleteSegment: (_ctx, { params: p, body: b }) => coordinator.complete(p.command_id, Number(p.index), b.worker_id, b),
    workerFailSegment: (_ctx, { params: p, body: b }) => coordinator.fail(p.command_id, Number(p.index), b.worker_id, b, pieces()),
  });
}
