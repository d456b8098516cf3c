import { useEffect, useRef, useState } from 'react';
import type { ServiceEvent } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { useEventsConnected, useServiceEvents } from '../../lib/events';
import { useAsync } from '../../lib/use-async';
import { applyProgress, upsertJob } from './progress';

const PAGE = 500;
const SEARCH_DEBOUNCE_MS = 250;

type CommandEvent = Extract<ServiceEvent, { type: 'command' | 'command.progress' }>;

/**
 * The jobs list, kept current by the event stream (no polling). A snapshot being loaded
 * may predate events that arrive meanwhile: those are kept and replayed over it, so a row
 * never stays "Processing" after its job ended. After the stream reconnects, the list is
 * read again. `search` is the service's search (names, command text, file names).
 */
export function useJobs(search: string) {
  const { client } = useApi();
  const [limit, setLimit] = useState(PAGE);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const jobs = useAsync((signal) => client.listCommands({ limit, q: q || undefined, signal }), [client, limit, q]);
  const pending = useRef<CommandEvent[]>([]);
  const isSearching = q !== '';

  const apply = (e: CommandEvent) =>
    jobs.setData((list) => {
      if (!list) return list;
      if (e.type === 'command.progress') return applyProgress(list, e.data.command_id, e.data.progress);
      // A search's results are the service's matches: a job new to them is searched for (below), not added.
      if (isSearching && !list.some((x) => x.command_id === e.data.command_id)) return list;
      return upsertJob(list, e.data);
    });

  // A job new to a search's results may match it (a Re-run of a job found): the service searches
  // again, shortly, once for a burst of new jobs, rather than the list guessing what its search matches.
  const searchAgain = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(searchAgain.current ?? undefined), []);
  const isNewToSearch = (e: CommandEvent) =>
    e.type === 'command' && isSearching && !jobs.isLoading && !jobs.data?.some((x) => x.command_id === e.data.command_id);

  useServiceEvents((e) => {
    if (e.type !== 'command' && e.type !== 'command.progress') return;
    if (jobs.isLoading) pending.current.push(e);
    if (isNewToSearch(e) && !searchAgain.current) searchAgain.current = setTimeout(() => ((searchAgain.current = null), jobs.reload()), SEARCH_DEBOUNCE_MS);
    apply(e);
  });

  // The snapshot has landed: replay what came in while it was on its way.
  useEffect(() => {
    if (jobs.isLoading) return;
    const replay = pending.current;
    pending.current = [];
    replay.forEach(apply);
    // Only when a load ends: `apply` is recreated each render and must not retrigger this.
  }, [jobs.isLoading]);

  const connected = useEventsConnected();
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) jobs.reload();
    wasConnected.current = connected;
  }, [connected, jobs.reload]);

  const hasMore = (jobs.data?.length ?? 0) >= limit;
  return { ...jobs, isSearching, hasMore, loadMore: () => setLimit((l) => Math.min(1000, l + PAGE)) };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
