import { useState } from 'react';
import { useApi } from '../../lib/api';
import { formatBytes, formatEta, formatRate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DropZone } from '../../ui/DropZone';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { StoreFromUrlForm } from './StoreFromUrlForm';
import { InterruptedUploads } from './InterruptedUploads';
import { abortUpload, clearFinished, discardUpload, enqueueUploads, pauseUpload, retryUpload, useUploadQueue } from './upload-queue';
import { isFinished, totalsOf } from './upload-stats';
import { UploadRow } from './UploadRow';

/** Many files at once, multipart in parallel, with progress, pause, abort and retry from the last confirmed part. */
export default function UploadsPage() {
  const { client } = useApi();
  const items = useUploadQueue();
  const [isPrivate, setPrivate] = useState(false);
  const totals = totalsOf(items);

  return (
    <div className="page">
      <PageHeader
        title="Uploads"
        subtitle="Files from this computer are stored for jobs; big ones go up in parts, and an interrupted one goes on where it stopped when you choose the file again."
      />
      <div className="split">
        <section className="stack-l" aria-label="Upload files">
          <DropZone onFiles={(files) => enqueueUploads(client, files, isPrivate)}>
            <strong>Drop files here</strong>
            <span className="small">Any size up to 5 TB. Uploads continue while you use other screens.</span>
          </DropZone>
          <label className="checkbox">
            <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} /> Upload as private files
          </label>
          <InterruptedUploads items={items} />
          {totals.count > 0 && (
            <div className="card stack" aria-label="All uploads">
              <div className="row small">
                <strong>{totals.count} uploading</strong>
                <span className="muted">
                  {formatBytes(totals.uploadedBytes)} of {formatBytes(totals.totalBytes)} · {formatRate(totals.bytesPerSecond)} · {formatEta(totals.etaSeconds)}{' '}
                  left
                </span>
              </div>
              <ProgressBar percent={totals.percent} label="Total upload progress" />
            </div>
          )}
          {items.length > 0 ? (
            <ul className="upload-list" role="list">
              {items.map((item) => (
                <UploadRow
                  key={item.id}
                  item={item}
                  onPause={() => pauseUpload(item.id)}
                  onAbort={() => abortUpload(item.id)}
                  onRetry={() => retryUpload(client, item.id)}
                  onDiscard={() => void discardUpload(client, item.id)}
                />
              ))}
            </ul>
          ) : (
            <p className="muted small">No uploads in this session yet.</p>
          )}
          {items.some(isFinished) && (
            <div>
              <Button size="small" onClick={clearFinished}>
                Clear finished
              </Button>
            </div>
          )}
        </section>
        <StoreFromUrlForm />
      </div>
    </div>
  );
}
