import { useEffect } from 'react';
import { formatEta } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ProgressBar } from '../../ui/ProgressBar';
import { showToast } from '../../ui/toast';
import { saveBlob, type Batch } from './presets-api';
import { usePresetApi } from './use-preset-api';

/** Recent batches with progress; refreshed while one runs. */
export function BatchesSection({ refreshKey }: { refreshKey: number }) {
  const api = usePresetApi();
  const batches = useAsync(() => api.listBatches(), [api, refreshKey]);
  const isRunning = (batches.data ?? []).some((b) => b.status === 'RUNNING');
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(batches.reload, 1000);
    return () => clearInterval(timer);
  }, [isRunning, batches.reload]);

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      batches.reload();
    } catch (err) {
      showToast((err as Error).message, { isError: true });
    }
  };

  return (
    <section className="card stack" aria-labelledby="batches-title">
      <h2 id="batches-title" style={{ fontSize: 'var(--text-l)' }}>
        Batches
      </h2>
      {batches.error ? <ErrorNotice error={batches.error} onRetry={batches.reload} /> : null}
      {(batches.data ?? []).length === 0 && <p className="muted small">No batch yet: pick a preset and some files above.</p>}
      {(batches.data ?? []).map((b) => (
        <article key={b.batch_id} className="stack" aria-label={`Batch ${b.preset}`} data-status={b.status}>
          <div className="row small">
            <strong>{b.preset}</strong>
            <span className="muted">v{b.preset_version}</span>
            <span className="spacer" />
            <span>{summary(b)}</span>
          </div>
          <ProgressBar percent={b.total ? (100 * (b.done + b.failed)) / b.total : 0} label={`Batch ${b.preset} progress`} />
          <div className="row">
            {b.status === 'RUNNING' && (
              <Button size="small" onClick={() => void act(() => api.cancelBatch(b.batch_id))}>
                Cancel all
              </Button>
            )}
            {b.failed > 0 && b.status !== 'RUNNING' && (
              <Button size="small" onClick={() => void act(() => api.retryFailed(b.batch_id))}>
                Retry failed
              </Button>
            )}
            {b.done > 0 && (
              <Button size="small" onClick={() => void act(async () => saveBlob(await api.downloadZip(b.batch_id), `batch-${b.preset}.zip`))}>
                Download outputs (zip)
              </Button>
            )}
          </div>
        </article>
      ))}
    </section>
  );
}

function summary(b: Batch): string {
  const eta = b.status === 'RUNNING' && b.eta_seconds !== null ? ` · ${formatEta(b.eta_seconds)} left` : '';
  return `${b.done} done · ${b.failed} failed · ${b.total} total${eta}`;
}
