import { useMemo, useState } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { hrefOf, navigate } from '../../lib/router';
import { handOffFilesToPresets } from '../../lib/preset-handoff';
import { EmptyState } from '../../ui/EmptyState';
import { describeError, ErrorNotice } from '../../ui/ErrorNotice';
import { PageHeader } from '../../ui/PageHeader';
import { showToast } from '../../ui/toast';
import { FilePreview } from './FilePreview';
import { FilesTable } from './FilesTable';
import { FilesToolbar } from './FilesToolbar';
import { planBulkDelete, queryFiles, stateOf, type FileState, type Sort, type SortKey } from './files-query';
import { useAllFiles } from './use-all-files';
import { useSelection } from './use-selection';

/** Stored files: sort, filter, search, select, preview, delete. */
export default function FilesPage({ selectedId }: { selectedId?: string }) {
  const { client } = useApi();
  const files = useAllFiles();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  // Unfinished and failed uploads are not files an editor can use: hidden until asked for.
  const [state, setState] = useState<FileState>('stored');
  const [sort, setSort] = useState<Sort>({ key: 'created_at', isAscending: false });
  const shown = useMemo(() => queryFiles(files.data ?? [], { search, type, sort, state }), [files.data, search, type, sort, state]);
  const stateCounts = useMemo(() => countStates(files.data ?? []), [files.data]);
  const shownIds = useMemo(() => shown.map((f) => f.file_id), [shown]);
  const selection = useSelection(shownIds);
  const active = files.data?.find((f) => f.file_id === selectedId);
  // The drawer closed (Escape, deleted): the keyboard goes back to the rows, where the arrows open the next file.
  const closeDrawer = () => {
    navigate({ name: 'files' });
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.files-body')?.focus({ preventScroll: true }));
  };

  const dropFiles = (ids: string[]) => {
    files.setData((list) => list?.filter((f) => !ids.includes(f.file_id)));
    selection.remove(ids);
  };

  async function bulkDelete() {
    const chosen = (files.data ?? []).filter((f) => selection.selected.has(f.file_id));
    const plan = planBulkDelete(chosen);
    try {
      for (const batch of plan.batches) dropFiles((await client.bulkDelete(batch)).deleted_file_ids);
      const skipped = plan.manifests.length ? ` ${plan.manifests.length} playlist(s) kept: delete them from their job.` : '';
      showToast(`Deleted ${chosen.length - plan.manifests.length} files.${skipped}`);
    } catch (err) {
      showToast(`Bulk delete failed: ${describeError(err)}`, { isError: true });
      files.reload();
    }
  }

  const onSort = (key: SortKey) => setSort((s) => ({ key, isAscending: s.key === key ? !s.isAscending : key === 'filename' }));
  const total = files.data?.length ?? 0;
  const inState = stateCounts[state];

  return (
    <div className="page page-wide">
      <PageHeader
        title="Files"
        subtitle="Stored files and job outputs: what each is, a preview, where it came from."
        actions={
          <a className="btn" href={hrefOf({ name: 'uploads' })}>
            Upload files
          </a>
        }
      />
      {files.error ? <ErrorNotice error={files.error} onRetry={files.reload} title="Could not load the files" /> : null}
      {files.isLoading && !files.data && (
        <p className="muted" aria-busy="true">
          Loading files…
        </p>
      )}
      {files.data && total === 0 && (
        <EmptyState
          icon="▦"
          title="No stored files"
          level={2}
          action={
            <a className="btn btn-primary" href={hrefOf({ name: 'uploads' })}>
              Upload or store from a URL
            </a>
          }
        >
          Upload local files, store one from a URL, or run a job: its outputs appear here.
        </EmptyState>
      )}
      {files.data && total > 0 && (
        <>
          <FilesToolbar
            state={state}
            onState={setState}
            stateCounts={stateCounts}
            search={search}
            onSearch={setSearch}
            type={type}
            onType={setType}
            shown={shown.length}
            total={inState}
            selectedCount={selection.selected.size}
            onClearSelection={selection.clear}
            onBulkDelete={() => void bulkDelete()}
            onReload={files.reload}
            onRunPreset={() => {
              handOffFilesToPresets([...selection.selected]);
              navigate({ name: 'presets' });
            }}
          />
          {shown.length === 0 ? (
            <EmptyState icon="∅" title="No file matches" level={2}>
              Clear the search, or choose “All types” or another status.
            </EmptyState>
          ) : (
            <FilesTable
              files={shown}
              selected={selection.selected}
              activeId={selectedId}
              sort={sort}
              onSort={onSort}
              onToggle={selection.toggle}
              onToggleAll={selection.toggleAll}
              onOpen={(id) => navigate({ name: 'files', id })}
              onCloseActive={closeDrawer}
              showStatus={state !== 'stored'}
            />
          )}
        </>
      )}
      {active && (
        <FilePreview
          file={active}
          onClose={closeDrawer}
          onDeleted={(id) => {
            dropFiles([id]);
            closeDrawer();
          }}
        />
      )}
      {selectedId && files.data && !active && <MissingFile />}
    </div>
  );
}

function countStates(files: StoredFile[]): Record<FileState, number> {
  const counts: Record<FileState, number> = { stored: 0, unfinished: 0, failed: 0, all: files.length };
  for (const f of files) counts[stateOf(f)]++;
  return counts;
}

function MissingFile() {
  return (
    <p className="notice notice-warning">
      That file is not in the list (deleted, or not yet stored). <a href={hrefOf({ name: 'files' })}>Back to all files</a>
    </p>
  );
}
