import { splitOnWord } from '../../lib/failure';
import { Button } from '../../ui/Button';
import type { JobForm } from './form';

/**
 * Shown when a failed job is opened with "Fix in builder": ffmpeg's decisive line, the
 * command with the rejected word marked, and a one-click replacement when the service
 * suggested one. It goes away once the word is no longer in the command.
 */
export function FixBanner({ form, setForm }: { form: JobForm; setForm(update: (f: JobForm) => JobForm): void }) {
  const fix = form.fix;
  if (!fix) return null;
  const steps = form.steps.map((text, i) => ({ i, parts: splitOnWord(text, fix.word) })).filter((s) => s.parts.some((p) => p.isMatch));
  if (steps.length === 0) return null;
  const replace = () =>
    setForm((f) => ({
      ...f,
      steps: f.steps.map((t) =>
        splitOnWord(t, fix.word)
          .map((p) => (p.isMatch ? fix.suggestion! : p.text))
          .join(''),
      ),
    }));
  return (
    <div className="notice notice-warning fix-banner stack" role="region" aria-label="What to fix">
      <span className="small">
        This job failed: <span className="mono">{fix.line}</span>
      </span>
      {steps.map((s) => (
        <pre key={s.i} className="mono small" style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="fix-command">
          {form.steps.length > 1 && <span className="muted">Step {s.i + 1}: </span>}
          {s.parts.map((p, j) => (p.isMatch ? <mark key={j}>{p.text}</mark> : <span key={j}>{p.text}</span>))}
        </pre>
      ))}
      <div className="row-wrap">
        {fix.suggestion && (
          <Button size="small" variant="primary" onClick={replace}>
            Replace “{fix.word}” with “{fix.suggestion}”
          </Button>
        )}
        <Button size="small" variant="ghost" onClick={() => setForm((f) => ({ ...f, fix: undefined }))}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
