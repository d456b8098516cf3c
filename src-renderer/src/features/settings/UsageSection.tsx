import { useApi } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ProgressBar } from '../../ui/ProgressBar';

/** Storage and processing use against the plan's quotas. */
export function UsageSection() {
  const { client } = useApi();
  const account = useAsync(() => client.account(), [client]);
  const a = account.data;
  return (
    <section className="card stack" aria-labelledby="usage-title">
      <h2 id="usage-title" style={{ fontSize: 'var(--text-l)' }}>
        Usage
      </h2>
      {account.error ? <ErrorNotice error={account.error} onRetry={account.reload} /> : null}
      {a && (
        <>
          <Meter label="Storage" used={a.storage_used_bytes} quota={a.storage_quota_bytes} />
          <Meter label="Processing" used={a.processing_used_bytes} quota={a.processing_quota_bytes} />
          <dl className="meta">
            <dt>Plan</dt>
            <dd>{a.plan}</dd>
            <dt>Max cores (vCPUs) per job</dt>
            <dd>{a.max_vcpu}</dd>
            <dt>Account</dt>
            <dd className="mono">{a.account_id}</dd>
          </dl>
        </>
      )}
    </section>
  );
}

function Meter({ label, used, quota }: { label: string; used: number; quota: number | null }) {
  return (
    <div className="stack" style={{ gap: 'var(--space-1)' }}>
      <div className="row small">
        <strong>{label}</strong>
        <span className="spacer" />
        <span className="muted">
          {formatBytes(used)} {quota === null ? 'used · no quota' : `of ${formatBytes(quota)}`}
        </span>
      </div>
      {quota !== null && <ProgressBar percent={quota > 0 ? (100 * used) / quota : 100} label={`${label} used`} />}
    </div>
  );
}
