import { useEffect, useRef } from 'react';
import type { CommandListItem } from '../../../../src-service/client';
import { formatRelative, shortId } from '../../lib/format';
import { failureWords } from '../../lib/failure';
import { hrefOf, navigate } from '../../lib/router';
import { ListThumb } from '../../ui/ListThumb';
import { ProgressBar } from '../../ui/ProgressBar';
import { commandChipStatus, StatusChip } from '../../ui/StatusChip';
import { splitJobName, type JobFilter } from './progress';

const FILTERS: { id: JobFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'active', label: 'Active' },
  { id: 'SUCCESS', label: 'Succeeded' },
  { id: 'FAILED', label: 'Failed' },
  { id: 'CANCELLED', label: 'Cancelled' },
];

interface Props {
  jobs: CommandListItem[];
  total: number;
  isLoading: boolean;
  selectedId?: string;
  filter: JobFilter;
  onFilter(f: JobFilter): void;
  search: string;
  onSearch(s: string): void;
  hasMore: boolean;
  onMore(): void;
}

/** Filters and search stay put above the list; only the rows scroll. */
export function JobsList({ jobs, total, isLoading, selectedId, filter, onFilter, search, onSearch, hasMore, onMore }: Props) {
  // The rows are one Tab stop (the job shown, else the first), the arrows go between them: the job's own
  // buttons were a Tab past every row below it (docs/gui.md, "The jobs list").
  const tabStop = jobs.some((j) => j.command_id === selectedId) ? selectedId : jobs[0]?.command_id;
  return (
    <section className="card jobs-list" aria-label="Jobs">
      <div className="jobs-list-head stack">
        <div className="segmented" role="group" aria-label="Filter jobs by status">
          {FILTERS.map((f) => (
            <button key={f.id} type="button" aria-pressed={filter === f.id} onClick={() => onFilter(f.id)}>
              {f.label}
            </button>
          ))}
        </div>
        <input
          className="input"
          type="search"
          placeholder="Search names, files, commands, ids"
          aria-label="Search jobs"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
        {isLoading && total === 0 && (
          <p className="muted small" aria-busy="true">
            Loading jobs…
          </p>
        )}
        {!isLoading && jobs.length === 0 && (total > 0 || search.trim()) && <p className="muted small">No job matches; clear the search or pick “All”.</p>}
      </div>
      <ul className="job-items" role="list" onKeyDown={(e) => moveSelection(e, jobs, selectedId)}>
        {jobs.map((job) => (
          <JobRow key={job.command_id} job={job} isSelected={job.command_id === selectedId} isTabStop={job.command_id === tabStop} />
        ))}
        {hasMore && (
          <li>
            <button className="btn" type="button" onClick={onMore}>
              Show older jobs
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}

/** How the service names an edit's job (a cut, a frame capture, a GIF): its steps are its own business. */
const EDIT_NAMES = ['cut: ', 'frame: ', 'frames: ', 'gif: '];

function JobRow({ job, isSelected, isTabStop }: { job: CommandListItem; isSelected: boolean; isTabStop: boolean }) {
  const name = job.name ?? shortId(job.command_id);
  const { primary, secondary } = splitJobName(name);
  const isFinal = job.status === 'SUCCESS' || job.status === 'FAILED';
  const outputs = isFinal ? `${job.output_file_count} output${job.output_file_count === 1 ? '' : 's'}` : job.status === 'QUEUED' ? 'waiting' : 'running';
  const preview = job.preview?.storage_url ? job.preview : null;
  const details = [
    secondary,
    // An edit runs as chained steps, but an editor made a cut, and its name already says so.
    job.command_type === 'FFMPEG_CHAINED_COMMANDS' && !EDIT_NAMES.some((n) => secondary.startsWith(n)) ? 'chained' : '',
    outputs,
    job.error_status && job.error_status !== 'CANCELLED' ? failureWords(job.error_status) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  // The job shown stays in sight in the list: a Re-run opens the new job, at the top, while the list was
  // still scrolled down at the one run again. Only the list scrolls (scrollIntoView moved the window too,
  // away from the job's page below the list in a narrow window).
  const row = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (isSelected && row.current) scrollIntoList(row.current);
  }, [isSelected]);
  // No aria-label: the link is named by what it shows (axe label-content-name-mismatch).
  return (
    <li>
      <a
        ref={row}
        className="job-item"
        href={hrefOf({ name: 'jobs', id: job.command_id })}
        aria-current={isSelected ? 'true' : undefined}
        tabIndex={isTabStop ? 0 : -1}
        data-status={job.status}
        data-job-id={job.command_id}
        data-job-name={name}
        title={name}
      >
        <div className="row job-item-row">
          {preview && <ListThumb type={preview.file_type} url={preview.storage_url!} fileId={preview.file_id} label={`Output of ${name}`} />}
          <div className="stack" style={{ gap: 0, minWidth: 0, flex: 1 }}>
            <div className="row job-item-row">
              <strong className="truncate job-name">{primary}</strong>
              <span className="spacer" />
              <StatusChip status={commandChipStatus(job)} />
              {(job as { cache_hit?: boolean }).cache_hit && <span className="chip chip-info">Cache hit</span>}
            </div>
            <div className="row job-item-row small muted">
              <span className="truncate">{details}</span>
              <span className="spacer" />
              <span className="nowrap">{formatRelative(job.created_at)}</span>
            </div>
          </div>
        </div>
        {job.status === 'PROCESSING' && <ProgressBar percent={job.progress?.percent ?? null} label={`Progress of job ${name}`} />}
      </a>
    </li>
  );
}

/** Scrolls the list (the row's scrolling ancestor, `.job-items`) just enough to show the row. */
function scrollIntoList(row: HTMLElement): void {
  const list = row.closest<HTMLElement>('.job-items');
  if (!list) return;
  const r = row.getBoundingClientRect();
  const l = list.getBoundingClientRect();
  if (r.top < l.top) list.scrollTop -= l.top - r.top;
  else if (r.bottom > l.bottom) list.scrollTop += r.bottom - l.bottom;
}

/** Up/down arrows move through the list, like a listbox. */
/** How far a key moves the selection in the list. */
const LIST_STEPS: Partial<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };

function moveSelection(e: React.KeyboardEvent, jobs: CommandListItem[], selectedId?: string): void {
  const step = LIST_STEPS[e.key];
  if (step === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  // From the focused row (the selection may not have caught up with a quick second press), else the selected one.
  const focused = (e.target as HTMLElement).closest<HTMLElement>('.job-item')?.dataset.jobId ?? selectedId;
  const i = jobs.findIndex((j) => j.command_id === focused);
  const next = jobs[Math.max(0, Math.min(jobs.length - 1, i + step))];
  if (!next) return;
  // Focus moves with the selection, at once: Enter then opens the job that is selected.
  document.querySelector<HTMLElement>(`.job-item[data-job-id="${next.command_id}"]`)?.focus();
  navigate({ name: 'jobs', id: next.command_id });
}
