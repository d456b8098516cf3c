import { useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { StoredFile } from '../../../../src-service/client';
import { columnsFor } from './columns';
import type { Sort, SortKey } from './files-query';

const ROW_HEIGHT = 40;

interface Props {
  files: StoredFile[];
  selected: Set<string>;
  activeId?: string;
  sort: Sort;
  onSort(key: SortKey): void;
  onToggle(id: string, opts: { isRange: boolean }): void;
  onToggleAll(): void;
  onOpen(id: string): void;
  /** Adds the Status column (the table shows unfinished or failed files too). */
  showStatus?: boolean;
}

/** Only the rows in view are in the DOM, so 10,000 files scroll smoothly. */
export function FilesTable({ files, selected, activeId, sort, onSort, onToggle, onToggleAll, onOpen, showStatus = false }: Props) {
  const { columns: COLUMNS, template: GRID_TEMPLATE } = columnsFor(showStatus);
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: files.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const isAllSelected = files.length > 0 && files.every((f) => selected.has(f.file_id));

  function onKeyDown(e: KeyboardEvent) {
    const i = Math.max(
      0,
      files.findIndex((f) => f.file_id === activeId),
    );
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'PageDown' ? 10 : e.key === 'PageUp' ? -10 : 0;
    const active = files[i];
    if (step !== 0) {
      e.preventDefault();
      const next = files[Math.max(0, Math.min(files.length - 1, i + step))];
      if (next) {
        onOpen(next.file_id);
        virtual.scrollToIndex(files.indexOf(next));
      }
    } else if (e.key === ' ' && active) {
      e.preventDefault();
      onToggle(active.file_id, { isRange: e.shiftKey });
    }
  }

  return (
    <div className="files-table" role="grid" aria-label="Stored files" aria-rowcount={files.length + 1} aria-multiselectable="true">
      {/* The header scrolls sideways with the rows (narrow windows), kept in step on scroll. */}
      <div ref={head} className="files-head-wrap" role="rowgroup">
        <div className="files-row files-head" role="row" style={{ gridTemplateColumns: GRID_TEMPLATE }}>
          <span role="columnheader">
            <input type="checkbox" aria-label="Select all shown files" checked={isAllSelected} onChange={onToggleAll} />
          </span>
          {COLUMNS.map((c) => (
            <span key={c.key} role="columnheader" aria-sort={sort.key === c.key ? (sort.isAscending ? 'ascending' : 'descending') : 'none'}>
              <button type="button" className="sort-btn" onClick={() => onSort(c.key)}>
                {c.label}
                <span aria-hidden="true">{sort.key === c.key ? (sort.isAscending ? ' ▲' : ' ▼') : ''}</span>
              </button>
            </span>
          ))}
        </div>
      </div>
      <div
        ref={scroller}
        className="files-body"
        role="rowgroup"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={(e) => head.current && (head.current.scrollLeft = e.currentTarget.scrollLeft)}
        aria-label="File rows: arrows move, space selects"
      >
        <div role="presentation" style={{ height: virtual.getTotalSize(), position: 'relative', minWidth: showStatus ? 1050 : 920 }}>
          {virtual.getVirtualItems().map((v) => {
            const f = files[v.index]!;
            return (
              <div
                key={f.file_id}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={selected.has(f.file_id)}
                data-active={f.file_id === activeId}
                className="files-row"
                style={{ gridTemplateColumns: GRID_TEMPLATE, transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
                onClick={() => onOpen(f.file_id)}
              >
                <span role="gridcell" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${f.filename ?? f.file_id}`}
                    checked={selected.has(f.file_id)}
                    onChange={(e) => onToggle(f.file_id, { isRange: (e.nativeEvent as MouseEvent).shiftKey })}
                  />
                </span>
                {COLUMNS.map((c) => (
                  <span key={c.key} role="gridcell" className={c.key === 'filename' ? 'truncate strong' : 'truncate muted'}>
                    {c.render(f)}
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
