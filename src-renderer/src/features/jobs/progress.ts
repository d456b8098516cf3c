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

export type JobFilter = 'all' | 'active' | 'SUCCESS' | 'FAILED';

export function matchesFilter(item: CommandListItem, filter: JobFilter, search: string): boolean {
  const statusOk = filter === 'all' || (filter === 'active' ? item.status === 'QUEUED' || item.status === 'PROCESSING' : item.status === filter);
  const q = search.trim().toLowerCase();
  const textOk = !q || item.command_id.includes(q) || (item.error_message ?? '').toLowerCase().includes(q) || (item.error_status ?? '').toLowerCase().includes(q);
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

export function applyProgress(list: CommandListItem[], commandId: string, progress: CommandProgress): CommandListItem[] {
  return list.map((x) => (x.command_id === commandId ? { ...x, status: 'PROCESSING' as const, progress } : x));
}
