import { useEffect, useState } from 'react';
import { useApi } from '../../lib/api';
import { ErrorNotice } from '../../ui/ErrorNotice';

/**
 * The ffmpeg log, fetched when opened and again whenever the job's status changes. Folded
 * by default: a failure's decisive line is shown above it (FailureNotice).
 */
export function LogView({ id, status }: { id: string; status: string }) {
  const { client } = useApi();
  const [isOpen, setOpen] = useState(false);
  const [log, setLog] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!isOpen) return;
    const ac = new AbortController();
    client.getCommandLog(id, { signal: ac.signal }).then(
      (text) => {
        setLog(text);
        setError(null);
      },
      (err: unknown) => !ac.signal.aborted && setError(err),
    );
    return () => ac.abort();
  }, [client, id, status, isOpen]);

  return (
    <details className="card" open={isOpen} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        <strong>FFmpeg log</strong>
      </summary>
      <div style={{ marginTop: 'var(--space-2)' }}>
        {error ? <ErrorNotice error={error} title="Could not load the log" /> : null}
        {!error && log === null && <p className="muted small">Loading…</p>}
        {log !== null &&
          (log.trim() ? (
            <pre className="code-block" aria-label="FFmpeg log">
              {log}
            </pre>
          ) : (
            <p className="muted small">Nothing logged yet.</p>
          ))}
      </div>
    </details>
  );
}
