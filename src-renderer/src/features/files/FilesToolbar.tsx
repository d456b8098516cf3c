import { ConfirmButton } from '../../ui/ConfirmButton';
import { Button } from '../../ui/Button';
import type { FileState } from './files-query';

const TYPES = ['video', 'audio', 'image', 'subtitles', 'zip', 'output_manifest', 'other'];

const STATES: { id: FileState; label: string }[] = [
  { id: 'stored', label: 'Stored files' },
  { id: 'unfinished', label: 'Unfinished uploads' },
  { id: 'failed', label: 'Failed or discarded' },
  { id: 'all', label: 'Every state' },
];

interface Props {
  state: FileState;
  onState(s: FileState): void;
  /** Files per state, so the hidden ones are counted on the menu. */
  stateCounts: Record<FileState, number>;
  search: string;
  onSearch(s: string): void;
  type: string;
  onType(t: string): void;
  shown: number;
  total: number;
  selectedCount: number;
  onClearSelection(): void;
  onBulkDelete(): void;
  onReload(): void;
  /** Run a preset over the selected files (a batch). */
  onRunPreset?(): void;
}

export function FilesToolbar({
  state,
  onState,
  stateCounts,
  search,
  onSearch,
  type,
  onType,
  shown,
  total,
  selectedCount,
  onClearSelection,
  onBulkDelete,
  onReload,
  onRunPreset,
}: Props) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Files">
      <input
        className="input"
        type="search"
        placeholder="Search name, id, codec…"
        aria-label="Search files"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <select className="select" aria-label="Filter by type" value={type} onChange={(e) => onType(e.target.value)}>
        <option value="">All types</option>
        {TYPES.map((t) => (
          <option key={t} value={t}>
            {t === 'output_manifest' ? 'playlist' : t}
          </option>
        ))}
      </select>
      <select className="select" aria-label="Show files by status" value={state} onChange={(e) => onState(e.target.value as FileState)}>
        {STATES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label} ({stateCounts[s.id]})
          </option>
        ))}
      </select>
      <span className="small muted" role="status" aria-live="polite">
        {shown === total ? `${total} files` : `${shown} of ${total} files`}
      </span>
      <span className="spacer" />
      {selectedCount > 0 && (
        <>
          <span className="small">{selectedCount} selected</span>
          <Button size="small" variant="ghost" onClick={onClearSelection}>
            Clear
          </Button>
          {onRunPreset && (
            <Button size="small" onClick={onRunPreset}>
              Run a preset on {selectedCount}…
            </Button>
          )}
          <ConfirmButton size="small" label={`Delete ${selectedCount}`} confirmLabel={`Delete ${selectedCount} files?`} onConfirm={onBulkDelete} />
        </>
      )}
      <Button size="small" onClick={onReload}>
        Refresh
      </Button>
    </div>
  );
}
