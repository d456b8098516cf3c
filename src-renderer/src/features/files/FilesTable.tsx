import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { StoredFile } from '../../../../src-service/client';
import { columnsFor, NARROW_TABLE_PX } from './columns';
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
  /** Escape in the rows: the open file's drawer closes, the keyboard stays in the rows. */
  onCloseActive?(): void;
  /** Adds the Status column (the table shows unfinished or failed files too). */
  showStatus?: boolean;
}

/** Only the rows in view are in the DOM, so 10,000 files scroll smoothly. */
export function FilesTable({ files, selected, activeId, sort, onSort, onToggle, onToggleAll, onOpen, onCloseActive, showStatus = false }: Props) {
  const table = useRef<HTMLDivElement>(null);
  const isNarrow = useIsNarrow(table);
  const { columns: COLUMNS, template: GRID_TEMPLATE } = columnsFor(showStatus, isNarrow);
  const minWidth = isNarrow ? undefined : showStatus ? 1020 : 900;
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: files.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const isAllSelected = files.length > 0 && files.every((f) => selected.has(f.file_id));
  // The row the arrows go on from once the drawer is closed (Escape): the next ↓ opened the first row again.
  const lastActive = useRef<string | null>(null);
  if (activeId) lastActive.current = activeId;

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && activeId && onCloseActive) {
      e.preventDefault();
      onCloseActive();
      return;
    }
    // From a row's own checkbox, the arrows go on from that row; else from the file open in the drawer.
    const fromRow = e.target instanceof HTMLElement ? e.target.closest('[data-file-id]')?.getAttribute('data-file-id') : null;
    const found = files.findIndex((f) => f.file_id === (fromRow ?? activeId ?? lastActive.current));
    // Nothing open yet: the first arrow opens the first row (or the last, going up).
    const i = found >= 0 ? found : e.key === 'ArrowUp' || e.key === 'PageUp' ? files.length : -1;
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
    <div ref={table} className="files-table" role="grid" aria-label="Stored files" aria-rowcount={files.length + 1} aria-multiselectable="true">
      {/* The header scrolls sideways with the rows (a wide table in a window too narrow for it), kept in step on scroll. */}
      <div ref={head} className="files-head-wrap" role="rowgroup">
        <div className="files-row files-head" role="row" style={{ gridTemplateColumns: GRID_TEMPLATE, minWidth }}>
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
        <div role="presentation" style={{ height: virtual.getTotalSize(), position: 'relative', minWidth }}>
          {virtual.getVirtualItems().map((v) => {
            const f = files[v.index]!;
            return (
              <div
                key={f.file_id}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={selected.has(f.file_id)}
                data-active={f.file_id === activeId}
                data-file-id={f.file_id}
                className="files-row"
                style={{ gridTemplateColumns: GRID_TEMPLATE, transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
                onClick={() => onOpen(f.file_id)}
              >
                <span role="gridcell" onClick={(e) => e.stopPropagation()}>
                  {/* Not a Tab stop: the rows are one (↑/↓ move, Space selects), so Tab goes on to the open file's drawer. */}
                  <input
                    type="checkbox"
                    tabIndex={-1}
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

/** Whether the table is narrower than NARROW_TABLE_PX (followed as the window resizes). */
function useIsNarrow(ref: React.RefObject<HTMLDivElement | null>): boolean {
  const [isNarrow, setIsNarrow] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setIsNarrow(el.clientWidth < NARROW_TABLE_PX));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return isNarrow;
}
