import type { CommandListItem, CommandProgress } from '../../../../src-service/client';

/**
 * Seconds left. The service's `eta_seconds` when it sends one; otherwise derived from
 * how far ffmpeg got (out_time at percent) and how fast it goes (speed × realtime).
 */
export function etaSeconds(p: CommandProgress): number | null {
  if (p.eta_seconds !== undefined && p.eta_seconds !== null) return p.eta_seconds;
  if (!p.percent || !p.out_time_seconds || !p.speed || p.percent <= 0 || p.speed <= 0) return null;
  const total = p.out_time_seconds / (p.percent / 100);
  return Math.max(0, (total - p.out_time_seconds) / p.speed);
}

export type JobFilter = 'all' | 'active' | 'SUCCESS' | 'FAILED' | 'CANCELLED';

const isCancelled = (item: CommandListItem): boolean => item.status === 'FAILED' && item.error_status === 'CANCELLED';

/**
 * Status filter. Text search is the service's (`q`: names, command text, file names);
 * here only the id and error text are matched too, for rows that came in live.
 */
export function matchesFilter(item: CommandListItem, filter: JobFilter, search: string): boolean {
  const statusOk =
    filter === 'all' ||
    (filter === 'active'
      ? item.status === 'QUEUED' || item.status === 'PROCESSING'
      : filter === 'CANCELLED'
        ? isCancelled(item)
        : item.status === filter && !(filter === 'FAILED' && isCancelled(item)));
  const q = search.trim().toLowerCase();
  const textOk = !q || [item.command_id, item.name ?? '', item.error_message ?? '', item.error_status ?? ''].some((t) => t.toLowerCase().includes(q));
  return statusOk && textOk;
}

/** Applies a live `command` event to the list: update in place, or add a new job at the top (newest first). */
export function upsertJob(list: CommandListItem[], item: CommandListItem): CommandListItem[] {
  const i = list.findIndex((x) => x.command_id === item.command_id);
  if (i === -1) return [item, ...list];
  const next = [...list];
  next[i] = { ...list[i], ...item, ...(item.status === 'PROCESSING' ? {} : { progress: undefined }) };
  return next;
}

/** A late progress event never drags a finished job back to "Processing". */
export function applyProgress(list: CommandListItem[], commandId: string, progress: CommandProgress): CommandListItem[] {
  return list.map((x) =>
    x.command_id === commandId && x.status !== 'SUCCESS' && x.status !== 'FAILED' ? { ...x, status: 'PROCESSING' as const, progress } : x,
  );
}

/**
 * ETA from recent speed. ffmpeg's `speed` is an average since the start, so an encode that
 * slows down (a harder scene, a busy machine) shows an ETA that is too short. This keeps
 * the last few seconds of (wall clock, media position) and uses their slope instead.
 */
export function createEtaTracker(windowMs = 6000, now: () => number = () => Date.now()) {
  let samples: { t: number; pos: number }[] = [];
  return {
    update(p: CommandProgress): number | null {
      if (p.out_time_seconds == null || !p.percent || p.percent <= 0) return etaSeconds(p);
      const t = now();
      if (samples.length && p.out_time_seconds < samples[samples.length - 1]!.pos) samples = []; // a new chained step
      samples.push({ t, pos: p.out_time_seconds });
      while (samples.length > 2 && t - samples[0]!.t > windowMs) samples.shift();
      const first = samples[0]!;
      const elapsed = (t - first.t) / 1000;
      if (elapsed < 1.5 || p.out_time_seconds <= first.pos) return etaSeconds(p);
      const recentSpeed = (p.out_time_seconds - first.pos) / elapsed;
      const total = p.out_time_seconds / (p.percent / 100);
      return Math.max(0, (total - p.out_time_seconds) / recentSpeed);
    },
  };
}

/**
 * A job name split for a compact row, output first: "scale: small.mov → outtakes.mp4"
 * gives `{ primary: 'outtakes.mp4', secondary: 'scale: small.mov' }`. A name without an
 * arrow (typed by hand) is all primary.
 */
export function splitJobName(name: string): { primary: string; secondary: string } {
  const at = name.lastIndexOf(' → ');
  if (at <= 0) return { primary: name, secondary: '' };
  return { primary: name.slice(at + 3), secondary: name.slice(0, at) };
}
