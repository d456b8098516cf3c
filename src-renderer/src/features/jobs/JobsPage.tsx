import { useState } from 'react';
import { hrefOf } from '../../lib/router';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageHeader } from '../../ui/PageHeader';
import { JobDetail } from './JobDetail';
import { JobsList } from './JobsList';
import { matchesFilter, type JobFilter } from './progress';
import { useJobs } from './use-jobs';

/** Jobs, newest first, with the selected job's detail beside them. */
export default function JobsPage({ selectedId }: { selectedId?: string }) {
  const [filter, setFilter] = useState<JobFilter>('all');
  const [search, setSearch] = useState('');
  const jobs = useJobs(search);
  // The service already searched (names, files, command text); only the status filter is local.
  const visible = (jobs.data ?? []).filter((j) => matchesFilter(j, filter, ''));

  return (
    <div className="page page-wide">
      <PageHeader
        title="Jobs"
        subtitle="Every command you ran, newest first. Updates arrive live."
        actions={
          <a className="btn btn-primary" href={hrefOf({ name: 'new' })}>
            New job
          </a>
        }
      />
      {jobs.error ? <ErrorNotice error={jobs.error} onRetry={jobs.reload} title="Could not load the jobs" /> : null}
      {!jobs.error && jobs.data?.length === 0 && !jobs.isSearching && !search ? (
        <EmptyState
          icon="▤"
          title="No jobs yet"
          level={2}
          action={
            <span className="row-wrap">
              <a className="btn btn-primary" href={hrefOf({ name: 'new' })}>
                Convert a file
              </a>
              <a className="btn" href={hrefOf({ name: 'clip' })}>
                Cut a clip
              </a>
            </span>
          }
        >
          {/* Samples are made only where the service is started with them (FFDESK_SAMPLES=1): promised always, they were missing under npm run serve. */}
          Open a clip with Ctrl+O on either screen, or drop it there. Templates (on New job) show what else FFmpeg can do.
        </EmptyState>
      ) : (
        <div className="jobs-layout">
          <JobsList
            jobs={visible}
            total={jobs.data?.length ?? 0}
            isLoading={jobs.isLoading}
            selectedId={selectedId}
            filter={filter}
            onFilter={setFilter}
            search={search}
            onSearch={setSearch}
            hasMore={jobs.hasMore}
            onMore={jobs.loadMore}
          />
          {selectedId ? (
            <JobDetail key={selectedId} id={selectedId} />
          ) : (
            <div className="card">
              <EmptyState icon="←" title="Pick a job" level={2}>
                Its progress, log and outputs show here.
              </EmptyState>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
