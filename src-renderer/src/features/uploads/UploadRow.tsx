import { useRef } from 'react';
import { formatBytes, formatEta, formatRate } from '../../lib/format';
import { hrefOf } from '../../lib/router';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { StatusChip } from '../../ui/StatusChip';
import { etaOf, type UploadItem } from './upload-stats';

const STATUS: Record<UploadItem['status'], { chip: string; label: string }> = {
  queued: { chip: 'QUEUED', label: 'Waiting' },
  checking: { chip: 'UPLOADING', label: 'Checking' },
  uploading: { chip: 'UPLOADING', label: 'Uploading' },
  paused: { chip: 'QUEUED', label: 'Paused' },
  processing: { chip: 'UPLOADED', label: 'Probing' },
  done: { chip: 'STORED', label: 'Stored' },
  reused: { chip: 'STORED', label: 'Already stored' },
  failed: { chip: 'FAILED', label: 'Failed' },
  aborted: { chip: 'ABORTED', label: 'Aborted' },
};

export interface UploadRowActions {
  onPause(): void;
  onAbort(): void;
  /** Resume a paused row, Retry an aborted or failed one. */
  onRetry(): void;
  onDiscard(): void;
}

export function UploadRow({ item, ...actions }: { item: UploadItem } & UploadRowActions) {
  const percent = item.size > 0 ? (100 * item.uploadedBytes) / item.size : 100;
  const status = STATUS[item.status];
  const isFinal = item.status === 'done' || item.status === 'reused';
  return (
    <li className="upload-row" aria-label={`Upload of ${item.name}`}>
      <div className="row">
        <strong className="truncate" style={{ flex: 1 }}>
          {item.name}
        </strong>
        <StatusChip status={status.chip} label={status.label} />
      </div>
      {!isFinal && (
        <ProgressBar percent={item.status === 'processing' || item.status === 'checking' ? null : percent} label={`Upload progress of ${item.name}`} />
      )}
      <div className="row small muted">
        <span>{progressText(item, percent)}</span>
        {item.status === 'uploading' && (
          <span>
            · {formatRate(item.bytesPerSecond)} · {formatEta(etaOf(item.size - item.uploadedBytes, item.bytesPerSecond))} left
          </span>
        )}
        {item.isPrivate && <span>· private</span>}
        {item.resumed && item.status !== 'paused' && <span>· resumed</span>}
        <span className="spacer" />
        <RowButtons item={item} {...actions} />
      </div>
      {item.error && (
        <span className="field-error" role="alert">
          {item.error}
        </span>
      )}
    </li>
  );
}

function progressText(item: UploadItem, percent: number): string {
  if (item.status === 'reused') return `Same content as ${item.storedAs ?? 'a stored file'}: reused, nothing uploaded`;
  if (item.status === 'checking') return `Looking for a stored copy of ${formatBytes(item.size)}…`;
  const amount = `${formatBytes(item.uploadedBytes)} of ${formatBytes(item.size)} (${Math.floor(percent)}%)`;
  if (item.status === 'paused') return `${amount} · paused: Resume goes on from here`;
  if ((item.status === 'aborted' || item.status === 'failed') && item.uploadedBytes > 0) return `${amount} kept for 6 hours: Retry goes on from here`;
  return amount;
}

/**
 * The first button stays the same element while it turns from Pause to Resume or Retry, so
 * keyboard focus stays on it; Abort hands focus to it, so a second Enter never discards.
 */
function RowButtons({ item, onPause, onAbort, onRetry, onDiscard }: { item: UploadItem } & UploadRowActions) {
  const first = useRef<HTMLButtonElement>(null);
  const s = item.status;
  if ((s === 'done' || s === 'reused') && item.fileId)
    return (
      <a className="btn btn-small" href={hrefOf({ name: 'files', id: item.fileId })}>
        Show in Files
      </a>
    );
  if (s === 'processing' || s === 'done' || s === 'reused') return null;
  const isMoving = s === 'queued' || s === 'checking' || s === 'uploading';
  const isStopped = s === 'aborted' || s === 'failed';
  return (
    <>
      <Button ref={first} size="small" onClick={isMoving ? onPause : onRetry}>
        {isMoving ? 'Pause' : s === 'paused' ? 'Resume' : 'Retry'}
      </Button>
      <Button
        key={isStopped ? 'discard' : 'abort'}
        size="small"
        onClick={() => {
          if (isStopped) return onDiscard();
          onAbort();
          first.current?.focus();
        }}
      >
        {isStopped ? 'Discard' : 'Abort'}
      </Button>
    </>
  );
}
