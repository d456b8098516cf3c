import type { CommandRecord } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { formatRunTime } from '../../lib/format';
import { hrefOf } from '../../lib/router';
import { useAsync } from '../../lib/use-async';

/**
 * A result-cache hit (docs/presets.md): which earlier job's outputs this one shares, with a
 * link to it, and the time it saved (that job's ffmpeg run time).
 */
export function CacheHitNotice({ sourceId }: { sourceId: string }) {
  const { client } = useApi();
  const source = useAsync((signal) => client.getCommand(sourceId, { signal }).catch(() => null), [client, sourceId]);
  if (source.isLoading) return null;
  const record: CommandRecord | null = source.data ?? null;
  const saved = record?.ffmpeg_command_run_seconds ?? record?.total_processing_seconds;
  return (
    <p className="notice notice-info" data-testid="cache-hit-notice">
      Reused the result of <a href={hrefOf({ name: 'jobs', id: sourceId })}>{record?.name ?? `job ${sourceId}`}</a>
      {saved !== undefined ? `, which saved ${formatRunTime(saved)} of ffmpeg time.` : ' (result cache).'}
    </p>
  );
}
