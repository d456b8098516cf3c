import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { NotFoundError, type FailureStatus } from '../errors';
import { HttpError } from '../api/http-error';
import { jsonBody } from '../api/middleware/json-body';
import { parseInput } from '../api/validate';
import type { WorkersRepo } from './workers-repo';
import { WORKER_FAILURES, type RemoteJobs } from './remote-jobs';

const Heartbeat = z.object({
  worker_id: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
  host: z.string().max(255),
  ffmpeg_version: z.string().max(255).nullable(),
  hardware_encoders: z.array(z.string().max(100)).max(200),
  cores: z.number().int().min(1).max(100_000),
  vcpus: z.number().int().min(1).max(100_000),
  running: z.array(z.string().max(100)).max(10_000),
});
const WorkerRef = z.object({ worker_id: z.string().min(1).max(100) });
const Progress = WorkerRef.extend({ progress: z.unknown().optional() });
const InitFile = WorkerRef.extend({ path: z.string().min(1).max(1024), size_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
const CompleteFile = z.object({ etags: z.array(z.string().max(100)).max(100_000) });
const Complete = WorkerRef.extend({
  produced: z.array(z.string().max(1024)).max(100_000),
  input_bytes: z.number().int().min(0),
  ffmpeg_seconds: z.number().min(0),
  log: z.string().max(10_000_000),
});
const Fail = WorkerRef.extend({
  error_status: z.enum(WORKER_FAILURES as [FailureStatus, ...FailureStatus[]]),
  error_message: z.string().max(100_000),
  log: z.string().max(10_000_000),
  ffmpeg_seconds: z.number().min(0),
  requeue: z.boolean().optional(),
});

class WorkerUnauthorizedError extends HttpError {
  constructor() {
    super(401, 'A valid worker token is required (Authorization: Bearer <token from `ffdesk workers token`)');
  }
}

type Handler = (ctx: Context, params: string[]) => Promise<unknown> | unknown;

/**
 * `/v1/worker/...`: the routes workers call, authenticated by a worker token (never a user's
 * API key; and a worker token opens no user route). Mounted before the API-key check.
 */
export function workerApi(workers: WorkersRepo, jobs: RemoteJobs): Middleware {
  const body = <S extends z.ZodType>(ctx: Context, s: S): z.infer<S> => parseInput(s, ctx.state.body, 'body');
  const routes: [string, RegExp, Handler][] = [
    [
      'POST',
      /^\/v1\/worker\/heartbeat$/,
      (ctx) => {
        const b = body(ctx, Heartbeat);
        workers.report(ctx.state.workerTokenId as string, {
          id: b.worker_id,
          host: b.host,
          ffmpegVersion: b.ffmpeg_version,
          hardwareEncoders: b.hardware_encoders,
          cores: b.cores,
          vcpus: b.vcpus,
          running: b.running,
        });
        return { ok: true };
      },
    ],
    ['POST', /^\/v1\/worker\/commands\/([^/]+)\/claim$/, (ctx, [id]) => jobs.claim(id as string, body(ctx, WorkerRef).worker_id)],
    [
      'POST',
      /^\/v1\/worker\/commands\/([^/]+)\/progress$/,
      (ctx, [id]) => {
        const b = body(ctx, Progress);
        return jobs.progress(id as string, b.worker_id, b.progress);
      },
    ],
    [
      'POST',
      /^\/v1\/worker\/commands\/([^/]+)\/files$/,
      (ctx, [id]) => {
        const b = body(ctx, InitFile);
        if (jobs.progress(id as string, b.worker_id, null).cancel) throw new HttpError(409, 'The command is no longer running on this worker');
        return jobs.uploads.init(id as string, b.path, b.size_bytes);
      },
    ],
    [
      'POST',
      /^\/v1\/worker\/uploads\/([^/]+)\/complete$/,
      async (ctx, [id]) => {
        await jobs.uploads.complete(id as string, body(ctx, CompleteFile).etags);
        return { ok: true };
      },
    ],
    [
      'POST',
      /^\/v1\/worker\/commands\/([^/]+)\/complete$/,
      (ctx, [id]) => {
        const b = body(ctx, Complete);
        return jobs.complete(id as string, b.worker_id, b);
      },
    ],
    [
      'POST',
      /^\/v1\/worker\/commands\/([^/]+)\/fail$/,
      (ctx, [id]) => {
        const b = body(ctx, Fail);
        return jobs.reportFailure(id as string, b.worker_id, b);
      },
    ],
  ];
  const partRoute = /^\/v1\/worker\/uploads\/([^/]+)\/parts\/([0-9]{1,6})$/;

  return async function workerRoutes(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith('/v1/worker/')) return next();
    const auth = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
    const tokenId = auth ? workers.findToken(auth[1] as string) : undefined;
    if (!tokenId) throw new WorkerUnauthorizedError();
    ctx.state.workerTokenId = tokenId;
    const part = partRoute.exec(ctx.path);
    if (part && ctx.method === 'PUT') {
      const etag = await jobs.uploads.putPart(part[1] as string, Number(part[2]), String(ctx.query.token ?? ''), ctx.req);
      ctx.set('ETag', etag);
      ctx.body = { etag };
      return;
    }
    const route = routes.find(([, re]) => re.test(ctx.path));
    if (!route) throw new NotFoundError('Not Found');
    if (route[0] !== ctx.method) throw new HttpError(405, 'Method Not Allowed');
    const params = (route[1].exec(ctx.path) as RegExpExecArray).slice(1).map(decodeURIComponent);
    await jsonBody(ctx, async () => {
      ctx.body = await route[2](ctx, params);
    });
  };
}
