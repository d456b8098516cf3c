import { formatBytes, formatEta, formatRate } from '../../lib/format';
import { hrefOf } from '../../lib/router';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { StatusChip } from '../../ui/StatusChip';
import { etaOf, type UploadItem } from './upload-stats';

const STATUS: Record<UploadItem['status'], { chip: string; label: string }> = {
  queued: { chip: 'QUEUED', label: 'Waiting' },
  uploading: { chip: 'UPLOADING', label: 'Uploading' },
  processing: { chip: 'UPLOADED', label: 'Probing' },
  done: { chip: 'STORED', label: 'Stored' },
  failed: { chip: 'FAILED', label: 'Failed' },
  aborted: { chip: 'ABORTED', label: 'Aborted' },
};

export function UploadRow({ item, onAbort, onRetry }: { item: UploadItem; onAbort(): void; onRetry(): void }) {
  const percent = item.size > 0 ? (100 * item.uploadedBytes) / item.size : 100;
  const status = STATUS[item.status];
  return (
    <li className="upload-row" aria-label={`Upload of ${item.name}`}>
      <div className="row">
        <strong className="truncate" style={{ flex: 1 }}>
          {item.name}
        </strong>
        <StatusChip status={status.chip} label={status.label} />
      </div>
      {item.status !== 'done' && <ProgressBar percent={item.status === 'processing' ? null : percent} label={`Upload progress of ${item.name}`} />}
      <div className="row small muted">
        <span>
          {formatBytes(item.uploadedBytes)} of {formatBytes(item.size)} ({Math.floor(percent)}%)
        </span>
        {item.status === 'uploading' && (
          <span>
            · {formatRate(item.bytesPerSecond)} · {formatEta(etaOf(item.size - item.uploadedBytes, item.bytesPerSecond))} left
          </span>
        )}
        {item.isPrivate && <span>· private</span>}
        {item.resumed && <span>· resumed</span>}
        <span className="spacer" />
        {(item.status === 'uploading' || item.status === 'queued') && (
          <Button size="small" onClick={onAbort}>
            Abort
          </Button>
        )}
        {(item.status === 'failed' || item.status === 'aborted') && (
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        )}
        {item.status === 'done' && item.fileId && (
          <a className="btn btn-small" href={hrefOf({ name: 'files', id: item.fileId })}>
            Show in Files
          </a>
        )}
      </div>
      {item.error && (
        <span className="field-error" role="alert">
          {item.error}
        </span>
      )}
    </li>
  );
}
