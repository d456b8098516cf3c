import fs from 'node:fs';
import path from 'node:path';
import type { Command } from '../../jobs/command';
import type { SegmentedState } from '../../jobs/command';
import { JobFailure } from '../../errors';
import { isCommandFailure } from '../../contract/enums';
import type { WorkerFailureStatus } from '../../contract/worker-protocol.schema';
import { fileOf, loadManifest, planKey, recordDone, stateDirOf } from '../../segmented/manifest';
import { createSegmentsProgress } from '../../segmented/progress';
import { buildPlan } from '../plan';
import type { RemoteJobsDeps } from '../remote-jobs';
import { hasPlan, loadPlan, pieceCount, pieceOrder, pieceOutput } from './pieces';
import { planDistributed } from './plan-pieces';
import { createFinisher, type Coordinated } from './finish';

/** Where the queue scheduler adds and looks up piece jobs (BullMQ job name `segment`). */
export interface PieceQueue {
  add(commandId: string, index: number, jobId: string): Promise<void>;
  exists(jobId: string): Promise<boolean>;
}

export type CoordinatorDeps = Omit<RemoteJobsDeps, 'requeued'>;

/**
 * The service's side of a segmented encode spread over workers (docs/scale-out.md,
 * "Segmented encodes"): it plans the pieces on the input, puts one queue job per piece,
 * hands a piece to the worker that takes its job, keeps each uploaded piece durable, re-adds
 * the pieces a lost Redis forgot, and joins the pieces with the audio once all are there.
 */
export function createSegmentCoordinator(deps: CoordinatorDeps) {
  const live = new Map<string, Coordinated>();
  const planning = new Map<string, AbortController>();
  const finisher = createFinisher(deps, (id) => live.delete(id));
  const landing = (id: string) => path.join(deps.jobsDir, `${id}.remote`);
  const jobIdOf = (c: Coordinated, index: number) => `${c.row.id}_${c.row.attempts}_p${index}_${c.gen.get(index) ?? 0}`;

  /** The command's coordination: in memory, or read back from its segments folder after a service restart. */
  function get(id: string): Coordinated | null {
    const have = live.get(id);
    if (have) return have;
    const row = deps.commands.getAny(id);
    const stateDir = stateDirOf(deps.jobsDir, id);
    const d = row?.status === 'PROCESSING' ? loadPlan(stateDir) : null;
    if (!row || !d) return null;
    const manifest = loadManifest(stateDir, planKey(d.plan.segments, d.plan.encodes));
    const state: SegmentedState = row.segmented ?? { reused: 0, segments: [] };
    const c = coordinated({ row, d, manifest, stateDir, state });
    live.set(id, c);
    markReused(c, 'the service restarted'); // what an earlier service run finished is kept, not redone
    return c;
  }

  /** A command's coordination state, nothing running yet. */
  const coordinated = (base: Pick<Coordinated, 'row' | 'd' | 'manifest' | 'stateDir' | 'state'>): Coordinated => ({
    ...base,
    runners: new Map(),
    gen: new Map(),
    joining: false,
    ffmpegSeconds: 0,
    log: [],
    progress: createSegmentsProgress(),
  });

  const isDone = (c: Coordinated, index: number) => c.manifest.done[String(index)] !== undefined;
  const allDone = (c: Coordinated) => Array.from({ length: pieceCount(c.d) }, (_, i) => i).every((i) => isDone(c, i));

  async function addPiece(c: Coordinated, index: number, q: PieceQueue): Promise<void> {
    c.gen.set(index, (c.gen.get(index) ?? 0) + 1);
    await q.add(c.row.id, index, jobIdOf(c, index));
  }

  /** A QUEUED segmented command: PROCESSING now, planned on the service, then one queue job per piece. */
  function start(row: Command, q: PieceQueue): void {
    if (!deps.commands.markProcessing(row.id)) return;
    const running = deps.commands.getAny(row.id) as Command;
    deps.notifier.onStatus(running);
    const abort = new AbortController();
    planning.set(row.id, abort);
    void (async () => {
      const t0 = performance.now();
      const planned = await planDistributed(deps, running, abort.signal);
      const c = coordinated({ ...planned, row: running });
      const took = ((performance.now() - t0) / 1000).toFixed(2);
      c.log.push(`--- segmented across workers: ${c.d.plan.segments.length} segment(s), ${c.state.reused} reused from an earlier run; planned in ${took} s`);
      live.set(row.id, c);
      planning.delete(row.id);
      for (const i of pieceOrder(c.d)) if (!isDone(c, i)) await addPiece(c, i, q);
      if (allDone(c)) void finisher.join(c);
    })().catch((err: unknown) => {
      planning.delete(row.id);
      live.delete(row.id);
      if (abort.signal.aborted) return; // cancelled while planning: recorded by cancel()
      const failure = err instanceof JobFailure ? err : new JobFailure('PROCESSING_ERROR', `Planning the segmented encode failed: ${(err as Error).message}`);
      void finisher.fail(running, failure, []);
    });
  }

  function claim(id: string, index: number, workerId: string): { piece: unknown } | { gone: string } {
    const c = get(id);
    if (!c || deps.commands.getAny(id)?.status !== 'PROCESSING') return { gone: 'The command is not running' };
    if (index >= pieceCount(c.d)) return { gone: `The command has no piece ${index}` };
    if (isDone(c, index)) return { gone: `Piece ${index} is already done` };
    // A second claim of a piece means BullMQ gave its job to another worker (the first one stalled): it takes over.
    c.runners.set(index, { workerId, lastSeen: Date.now(), outTime: 0 });
    setSegment(c, index, { status: 'RUNNING', worker: workerId });
    const plan = buildPlan(deps, c.row);
    return {
      piece: {
        ...plan,
        steps: [],
        vcpu_count: 1,
        segment: { index, alias: c.d.alias, input_path: c.d.inputPath, args: pieceArgsOf(c, index), output: pieceOutput(c.d, index) },
      },
    };
  }

  const pieceArgsOf = (c: Coordinated, index: number) => (index < c.d.plan.segments.length ? c.d.plan.encodes[index]! : c.d.plan.audio!);

  function setSegment(c: Coordinated, index: number, patch: Partial<SegmentedState['segments'][number]>): void {
    const seg = c.state.segments[index];
    if (!seg) return; // the audio piece has no row in the record
    Object.assign(seg, patch);
    deps.commands.setSegments(c.row.id, c.state);
  }

  /** The worker that holds the piece now; after a service restart, whichever worker reports first. */
  function holds(c: Coordinated, index: number, workerId: string): boolean {
    const r = c.runners.get(index);
    if (!r) c.runners.set(index, { workerId, lastSeen: Date.now(), outTime: 0 });
    return !r || r.workerId === workerId;
  }

  function progress(id: string, index: number, workerId: string, p: unknown): { cancel: boolean } {
    const c = get(id);
    if (!c || deps.commands.getAny(id)?.status !== 'PROCESSING' || isDone(c, index) || !holds(c, index, workerId)) return { cancel: true };
    const r = c.runners.get(index)!;
    r.lastSeen = Date.now();
    const t = (p as { out_time_seconds?: unknown } | null)?.out_time_seconds;
    if (typeof t === 'number' && index < c.d.plan.segments.length) {
      r.outTime = t;
      finisher.report(c);
    }
    return { cancel: false };
  }

  function complete(
    id: string,
    index: number,
    workerId: string,
    r: { ffmpeg_seconds: number; log: string },
  ): { status: string; more: boolean; missing?: boolean } {
    const c = get(id);
    const status = deps.commands.getAny(id)?.status ?? 'GONE';
    if (!c || status !== 'PROCESSING' || c.joining) return { status, more: false };
    if (!isDone(c, index) && holds(c, index, workerId)) {
      const from = path.join(landing(id), pieceOutput(c.d, index));
      // A restart empties the jobs folder: an upload that landed before it is gone, and the worker sends the piece again.
      if (!fs.existsSync(from)) return { status, more: false, missing: true };
      recordDone(c.stateDir, c.manifest, index, from, { seconds: r.ffmpeg_seconds, worker: workerId });
      c.runners.delete(index);
      c.ffmpegSeconds += r.ffmpeg_seconds;
      c.log.push(`--- piece ${index} on worker ${workerId}: ${r.ffmpeg_seconds.toFixed(2)} s`);
      setSegment(c, index, { status: 'DONE', worker: workerId, seconds: Math.round(r.ffmpeg_seconds * 1000) / 1000 });
      finisher.report(c);
      if (allDone(c)) void finisher.join(c);
    }
    const more = Array.from({ length: pieceCount(c.d) }, (_, i) => i).some((i) => !isDone(c, i) && !c.runners.has(i));
    return { status, more };
  }

  async function fail(
    id: string,
    index: number,
    workerId: string,
    f: { error_status: WorkerFailureStatus; error_message: string; log: string; requeue?: boolean },
    q: PieceQueue | null,
  ): Promise<{ status: string; more: boolean }> {
    const c = get(id);
    const status = deps.commands.getAny(id)?.status ?? 'GONE';
    if (!c || status !== 'PROCESSING' || isDone(c, index) || !holds(c, index, workerId)) return { status, more: false };
    c.runners.delete(index);
    if (f.requeue && q) {
      // The worker is stopping: the piece goes back to the queue for another worker.
      setSegment(c, index, { status: 'PENDING', worker: null });
      await addPiece(c, index, q);
      return { status, more: true };
    }
    const st = isCommandFailure(f.error_status) ? f.error_status : 'PROCESSING_ERROR';
    await finisher.fail(c.row, new JobFailure(st, `Segment ${index}: ${f.error_message}`), [...c.log, f.log]);
    return { status: deps.commands.getAny(id)?.status ?? 'GONE', more: false };
  }

  /**
   * Every sweep: a piece whose worker went silent goes back to PENDING, and a piece that is
   * neither done, nor held, nor in the queue (Redis lost it) is added again. A command that
   * lost queued pieces resumes from its finished ones: they count as reused.
   */
  async function sweep(q: PieceQueue, lostMs: number): Promise<void> {
    const now = Date.now();
    for (const row of deps.commands.findProcessing()) {
      if (planning.has(row.id)) continue;
      const c = get(row.id);
      if (!c || c.joining) continue;
      if (allDone(c)) {
        void finisher.join(c);
        continue;
      }
      let lost = false;
      for (const i of pieceOrder(c.d)) {
        if (isDone(c, i)) continue;
        const r = c.runners.get(i);
        if (r && now - r.lastSeen < lostMs) continue;
        if (r) c.runners.delete(i);
        if (await q.exists(jobIdOf(c, i))) continue;
        setSegment(c, i, { status: 'PENDING', worker: null });
        lost = true;
        await addPiece(c, i, q);
      }
      if (lost) markReused(c, 'the queue lost pieces');
    }
  }

  function markReused(c: Coordinated, why: string): void {
    for (const s of c.state.segments) if (s.status === 'DONE') s.status = 'REUSED';
    c.state.reused = c.state.segments.filter((s) => s.status === 'REUSED').length;
    c.log.push(`--- ${why}: resumed from ${c.state.reused} finished segment(s)`);
    deps.commands.setSegments(c.row.id, c.state);
  }

  function cancel(id: string): boolean {
    const row = deps.commands.getAny(id);
    if (!row || row.status !== 'PROCESSING' || !isCoordinated(id)) return false;
    planning.get(id)?.abort();
    void finisher.fail(row, new JobFailure('CANCELLED', 'The command was cancelled'), live.get(id)?.log ?? []);
    return true;
  }

  function isCoordinated(id: string): boolean {
    return live.has(id) || planning.has(id) || hasPlan(stateDirOf(deps.jobsDir, id));
  }

  return { start, claim, progress, complete, fail, sweep, cancel, isCoordinated, landing, fileOf };
}

export type SegmentCoordinator = ReturnType<typeof createSegmentCoordinator>;
