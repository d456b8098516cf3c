import type { CommandRecord } from '../../../../src-service/client';
import { formatDateTime } from '../../lib/format';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { commandChipStatus, StatusChip } from '../../ui/StatusChip';
import { CacheHitNotice } from './CacheHitNotice';
import { FailureNotice } from './FailureNotice';
import { jobFacts } from './job-facts';
import { JobName } from './JobName';
import { JobActions } from './JobActions';
import { LogView } from './LogView';
import { OutputCard } from './OutputCard';
import { DownloadAllButton } from './DownloadAllButton';
import { SaveOutputs } from './SaveOutputs';
import { ProgressPanel } from './ProgressPanel';
import { SegmentStrip } from './SegmentStrip';
import { useJob } from './use-job';
import { useCompareInput } from './use-compare-input';

export function JobDetail({ id }: { id: string }) {
  const job = useJob(id);
  if (job.error) return <ErrorNotice error={job.error} onRetry={job.reload} title="Could not load this job" />;
  if (!job.data)
    return (
      <div className="card" aria-busy="true">
        <p className="muted">Loading job…</p>
      </div>
    );
  const record = job.data;
  return (
    <section className="stack-l" aria-label={`Job ${id}`}>
      <div className="card stack">
        <div className="row-wrap">
          <StatusChip status={commandChipStatus(record)} />
          {(record as { cache_hit?: boolean }).cache_hit && (
            <span
              className="chip chip-info"
              title={`Outputs shared with job ${(record as { cached_from_command_id?: string }).cached_from_command_id ?? ''} (result cache)`}
            >
              Cache hit
            </span>
          )}
          <JobName key={record.name} record={record} onRenamed={job.reload} />
          <span className="spacer" />
          <JobActions job={record} onChanged={job.reload} />
        </div>
        <div className="row small muted">
          <span className="mono">{record.command_id}</span>
          <CopyButton size="small" variant="ghost" label="Copy id" getText={() => record.command_id} />
        </div>
        <JobFacts record={record} />
        {record.status === 'PROCESSING' && <ProgressPanel progress={job.progress} />}
        <SegmentStrip record={record} />
        {record.status === 'QUEUED' && <p className="notice notice-warning">Waiting for free cores; it starts when earlier jobs finish.</p>}
        {record.status === 'FAILED' && <FailureNotice record={record} />}
        {record.cache_hit && record.cached_from_command_id && <CacheHitNotice sourceId={record.cached_from_command_id} />}
        {record.edit?.notes?.map((note) => (
          // What a cut left out of its output, and why (a subtitle track; docs/cutting.md, "Subtitles").
          <p key={note} className="notice notice-info" data-testid="cut-note">
            {note}
          </p>
        ))}
      </div>
      <Outputs record={record} />
      <details className="card">
        <summary>
          <strong>Request</strong>
        </summary>
        <pre className="code-block" style={{ marginTop: 'var(--space-2)' }}>
          {JSON.stringify(record.original_request, null, 2)}
        </pre>
      </details>
      <LogView id={id} status={record.status} />
    </section>
  );
}

function JobFacts({ record }: { record: CommandRecord }) {
  return (
    <dl className="facts">
      {jobFacts(record, formatDateTime(record.created_at)).map(({ label, value, hint }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
          {hint && <dd className="fact-hint">{hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Outputs({ record }: { record: CommandRecord }) {
  const input = useCompareInput(record);
  if (record.status !== 'SUCCESS') return null;
  const entries = Object.entries(record.output_files ?? {});
  if (entries.length === 0)
    return (
      <EmptyState icon="∅" title="No outputs">
        This job stored no files.
      </EmptyState>
    );
  const canZip = entries.some(([, file]) => !file.is_deleted && file.storage_url);
  return (
    <section className="stack" aria-labelledby="job-outputs-heading">
      <div className="row">
        <h3 id="job-outputs-heading" style={{ margin: 0 }}>
          Outputs
        </h3>
        <span className="spacer" />
        {canZip && <DownloadAllButton commandId={record.command_id} jobName={record.name} />}
      </div>
      {canZip && <SaveOutputs record={record} />}
      <div className="grid-cards" aria-label="Outputs">
        {entries.map(([alias, file]) => (
          <OutputCard key={alias} alias={alias} file={file} {...(input ? { input } : {})} />
        ))}
      </div>
    </section>
  );
}
