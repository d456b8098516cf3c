import { useMemo } from 'react';
import { useApi } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { presetApi } from '../presets/presets-api';

/** Result cache: how much it holds and saves; clearing forgets entries, never outputs. */
export function CacheSection() {
  const { client } = useApi();
  const api = useMemo(() => presetApi(client), [client]);
  const stats = useAsync(() => api.cacheStats(), [api]);
  const s = stats.data;
  return (
    <section className="card stack" aria-labelledby="cache-title">
      <h2 id="cache-title" style={{ fontSize: 'var(--text-l)' }}>
        Result cache
      </h2>
      {stats.error ? <ErrorNotice error={stats.error} onRetry={stats.reload} /> : null}
      {s && (
        <dl className="meta">
          <dt>Entries</dt>
          <dd>{s.entries}</dd>
          <dt>Outputs they point at</dt>
          <dd>{formatBytes(s.size_bytes)}</dd>
          <dt>Hit rate</dt>
          <dd>{s.hit_rate === null ? '—' : `${Math.round(s.hit_rate * 100)}% (${s.hits} of ${s.lookups})`}</dd>
        </dl>
      )}
      <div className="row">
        <ConfirmButton label="Clear cache" onConfirm={() => void api.clearCache().then(stats.reload)} />
      </div>
    </section>
  );
}
