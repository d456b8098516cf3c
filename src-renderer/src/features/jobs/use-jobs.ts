import { useState } from 'react';
import { useApi } from '../../lib/api';
import { useServiceEvents } from '../../lib/events';
import { useAsync } from '../../lib/use-async';
import { applyProgress, upsertJob } from './progress';

const PAGE = 500;

/** The jobs list, kept current by the event stream (no polling). */
export function useJobs() {
  const { client } = useApi();
  const [limit, setLimit] = useState(PAGE);
  const jobs = useAsync((signal) => client.listCommands({ limit, signal }), [client, limit]);
  useServiceEvents((e) => {
    if (e.type === 'command') jobs.setData((list) => (list ? upsertJob(list, e.data) : list));
    if (e.type === 'command.progress') jobs.setData((list) => (list ? applyProgress(list, e.data.command_id, e.data.progress) : list));
  });
  const hasMore = (jobs.data?.length ?? 0) >= limit;
  return { ...jobs, hasMore, loadMore: () => setLimit((l) => Math.min(1000, l + PAGE)) };
}
