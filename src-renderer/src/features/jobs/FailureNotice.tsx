import { isEditRequest, type CommandRecord } from '../../../../src-service/client';
import { cutAgainOf, openCutAgain } from '../../lib/cut-handoff';
import { failureTitle, fixOf, splitOnWord, summarizeFailure } from '../../lib/failure';
import { handOffToJobBuilder } from '../../lib/job-handoff';
import { navigate } from '../../lib/router';
import { Button } from '../../ui/Button';

/**
 * Why a job failed: the decisive line first (the service leads error_message with it),
 * the offending word marked, the service's suggestion, and "Fix in builder". The rest of
 * the message is folded; the full log is folded below the page (LogView).
 */
export function FailureNotice({ record }: { record: CommandRecord }) {
  if (record.error_status === 'CANCELLED') {
    return (
      <p className="notice" role="status" data-testid="job-cancelled">
        Cancelled: ffmpeg was stopped and no output was kept.
      </p>
    );
  }
  const summary = summarizeFailure(record.error_message);
  const fix = fixOf(summary);
  const request = record.original_request;
  // A cut is mended where it was marked: the builder cannot hold a POST /v1/edits body.
  const again = isEditRequest(request) ? cutAgainOf(request) : null;
  const openInBuilder = isEditRequest(request)
    ? null
    : () => {
        handOffToJobBuilder({ kind: 'request', request, ...(fix ? { fix } : {}) });
        navigate({ name: 'new' });
      };
  return (
    <div className="notice notice-danger failure" role="alert" aria-label="Why the job failed">
      <div className="stack">
        <strong>{failureTitle(record.error_status) ?? 'Failed'}</strong>
        {summary.lead && (
          <p className="failure-lead mono" data-testid="failure-lead">
            {splitOnWord(summary.lead, summary.word ?? '').map((p, i) => (p.isMatch ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
          </p>
        )}
        {summary.suggestion && !summary.lead.toLowerCase().includes('did you mean') && (
          <p className="small">
            Did you mean <code>{summary.suggestion}</code>?
          </p>
        )}
        <div className="row-wrap">
          {openInBuilder && (
            <Button size="small" variant="primary" onClick={openInBuilder}>
              Fix in builder
            </Button>
          )}
          {again && (
            <Button size="small" variant="primary" onClick={() => openCutAgain(again)}>
              Cut again
            </Button>
          )}
          {record.error_status && <span className="small muted mono">{record.error_status}</span>}
        </div>
        {summary.details && (
          <details>
            <summary className="small">Full message</summary>
            <pre className="mono small" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {summary.details}
            </pre>
          </details>
        )}
      </div>
    </div>
  );
}
