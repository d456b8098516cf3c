import { useEffect, useState } from 'react';
import type { CommandProgress } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { useServiceEvents } from '../../lib/events';
import { useAsync } from '../../lib/use-async';

/** Presigned output links in the detail view live this long. */
const DETAIL_TTL_SECONDS = 3600;
const SAFETY_POLL_MS = 5000;

/** One job, refreshed on its `command` events, with live progress from `command.progress`. */
export function useJob(id: string) {
  const { client } = useApi();
  const record = useAsync((signal) => client.getCommand(id, { presignedTtlSeconds: DETAIL_TTL_SECONDS, signal }), [client, id]);
  const [liveProgress, setLiveProgress] = useState<CommandProgress | null>(null);
  const status = record.data?.status;
  const isFinal = status === 'SUCCESS' || status === 'FAILED';

  useServiceEvents((e) => {
    if (e.type === 'command.progress' && e.data.command_id === id) {
      setLiveProgress(e.data.progress);
      // A segmented encode: its segments' states (the strip) change as it progresses. The record
      // first read may predate the plan (no segments yet), so the request says whether it is one.
      if (record.data?.segments?.length || isSegmented(record.data?.original_request)) record.reload();
    }
    if (e.type === 'command' && e.data.command_id === id && (e.data.status !== status || e.data.name !== record.data?.name)) record.reload();
  });

  // A slow safety net in case the event stream is down while the job runs.
  useEffect(() => {
    if (!status || isFinal) return;
    const timer = setInterval(record.reload, SAFETY_POLL_MS);
    return () => clearInterval(timer);
  }, [status, isFinal, record.reload]);

  const progress = status === 'PROCESSING' ? (liveProgress ?? record.data?.progress ?? null) : null;
  return { ...record, progress, isFinal };
}

function isSegmented(request: unknown): boolean {
  return typeof request === 'object' && request !== null && 'segmented' in request && Boolean((request as { segmented?: unknown }).segmented);
}
