import { useEffect, useRef } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { handOffToJobBuilder } from '../../lib/job-handoff';
import { displayName } from '../../lib/media';
import { hrefOf, navigate } from '../../lib/router';
import { Button } from '../../ui/Button';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { CopyButton } from '../../ui/CopyButton';
import { describeError } from '../../ui/ErrorNotice';
import { MediaPreview } from '../../ui/MediaPreview';
import { StatusChip } from '../../ui/StatusChip';
import { showToast } from '../../ui/toast';
import { MetadataList } from './MetadataList';
import { AccessSection } from './PresignControl';

/** The drawer beside the table: player, metadata, links and actions. Escape closes it. */
export function FilePreview({ file, onClose, onDeleted }: { file: StoredFile; onClose(): void; onDeleted(id: string): void }) {
  const { client } = useApi();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from elsewhere, the keyboard goes to the drawer; browsed with the arrows in the rows, it
  // stays there, so the next arrow opens the next file (the heading took it, and a second ↓ did nothing).
  useEffect(() => {
    if (!document.activeElement?.closest('.files-body')) heading.current?.focus();
  }, [file.file_id]);
  const name = displayName(file);
  // A private file previews through a short-lived presigned URL (docs/api.md §4.9).
  const previewUrl = useAsync(
    async (signal) => file.storage_url ?? (file.is_deleted ? null : (await client.getFile(file.file_id, { presignedTtlSeconds: 3600, signal })).storage_url),
    [client, file.file_id, file.storage_url],
  );

  async function useAsInput() {
    try {
      const url = file.storage_url ?? (await client.getFile(file.file_id, { presignedTtlSeconds: 7 * 86_400 })).storage_url;
      if (!url) throw new Error('This file has no URL');
      handOffToJobBuilder({ kind: 'input', url, fileId: file.file_id, filename: name });
      navigate({ name: 'new' });
    } catch (err) {
      showToast(describeError(err), { isError: true });
    }
  }

  async function remove() {
    try {
      await client.deleteFile(file.file_id);
      showToast(`${name} deleted`);
      onDeleted(file.file_id);
    } catch (err) {
      showToast(`Delete failed: ${describeError(err)}`, { isError: true });
    }
  }

  return (
    <aside className="preview-drawer" aria-label={`Preview of ${name}`} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="row">
        <h2 ref={heading} tabIndex={-1} className="truncate" style={{ fontSize: 'var(--text-l)' }}>
          {name}
        </h2>
        <span className="spacer" />
        <Button variant="ghost" size="small" aria-label="Close preview" onClick={onClose}>
          ✕
        </Button>
      </div>
      <div className="row-wrap">
        <StatusChip status={file.status} />
        {file.service_store_type === 'OUTPUT' && <span className="chip chip-plain">job output</span>}
        {file.command_id && (
          <a className="small" href={hrefOf({ name: 'jobs', id: file.command_id })}>
            Made by this job →
          </a>
        )}
      </div>
      {previewUrl.data !== undefined && <MediaPreview key={file.file_id} file={file} url={previewUrl.data} label={`Preview of ${name}`} />}
      <div className="row-wrap">
        {/* Only a stored file has bytes to read: an aborted or failed upload is not an input. */}
        {file.status === 'STORED' && !file.is_deleted && (
          <Button variant="primary" onClick={() => void useAsInput()}>
            Use as input in a new job
          </Button>
        )}
        {file.status === 'STORED' && !file.is_deleted && (file.file_type === 'video' || file.file_type === 'audio') && (
          <a className="btn" href={hrefOf({ name: 'clip', id: file.file_id })}>
            Open in clip view
          </a>
        )}
        {file.storage_url && <CopyButton label="Copy URL" getText={() => file.storage_url ?? ''} />}
        {file.storage_url && (
          <a className="btn" href={file.storage_url} download={name}>
            Download
          </a>
        )}
      </div>
      <AccessSection file={file} />
      <section className="stack">
        <h3 className="small">Metadata</h3>
        <MetadataList file={file} />
      </section>
      <div>
        {file.file_type === 'output_manifest' ? (
          <p className="small muted">Playlists are deleted with their segments from the job's page (“Delete outputs”).</p>
        ) : (
          <ConfirmButton label="Delete file" confirmLabel="Delete for good?" onConfirm={() => void remove()} />
        )}
      </div>
    </aside>
  );
}
