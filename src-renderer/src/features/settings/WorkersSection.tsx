import { useEffect } from 'react';
import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { formatRelative } from '../../lib/format';
import { ErrorNotice } from '../../ui/ErrorNotice';

/** How often the list refreshes (workers report every 5 s). */
const REFRESH_MS = 5_000;

/** Scale-out workers (GET /v1/workers): where commands run when the service hands them to other machines. */
export function WorkersSection() {
  const { client } = useApi();
  const workers = useAsync(() => client.workers(), [client]);
  const { reload } = workers;
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const w = workers.data;
  return (
    <section className="card stack" aria-labelledby="workers-title">
      <h2 id="workers-title" style={{ fontSize: 'var(--text-l)' }}>
        Workers
      </h2>
      {workers.error ? <ErrorNotice error={workers.error} onRetry={reload} /> : null}
      {w?.queue === 'embedded' && (
        <p className="muted">
          Commands run on this machine. To spread them over other machines, start the service with FFDESK_REDIS_URL and run workers (README, "Scale out").
        </p>
      )}
      {w?.queue === 'redis' && w.workers.length === 0 && <p className="muted">Commands go to the Redis queue, but no worker has connected yet.</p>}
      {w && w.workers.length > 0 && (
        <table className="table" aria-label="Workers">
          <thead>
            <tr>
              <th>Host</th>
              <th>FFmpeg</th>
              <th>Hardware encoders</th>
              <th>Cores / vCPUs</th>
              <th>Running</th>
              <th>Last seen</th>
            </tr>
          </thead>
          <tbody>
            {w.workers.map((x) => (
              <tr key={x.id} className={x.online ? undefined : 'muted'}>
                <td title={x.id}>{x.host}</td>
                <td>{x.ffmpeg_version ?? 'unknown'}</td>
                <td>{x.hardware_encoders.length ? x.hardware_encoders.join(', ') : 'none'}</td>
                <td>
                  {x.cores} / {x.vcpus}
                </td>
                <td>{x.running_jobs}</td>
                <td>{x.online ? formatRelative(x.last_seen_at) : `offline (${formatRelative(x.last_seen_at)})`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
