import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { isApiError } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { askForJobNotifications } from '../../lib/notifications';
import { navigate } from '../../lib/router';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { SaveAsPreset } from '../../ui/SaveAsPreset';
import { describeError } from '../../ui/ErrorNotice';
import { buildCurl, buildJson } from './curl';
import { FixLinks } from './FixLinks';
import { rememberSubmitted } from './draft-storage';
import { toRequest } from './form';
import type { JobFormState } from './use-job-form';

/** Submit, with the count of problems left, and the copy actions. */
export function SubmitBar({ state }: { state: JobFormState }) {
  const { client } = useApi();
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocking = state.localIssues.length;
  const barRef = useRef<HTMLDivElement>(null);
  useBarHeightAsScrollPadding(barRef);

  async function submit() {
    state.markAttempted();
    setError(null);
    if (blocking > 0) return focusFirstError();
    setSubmitting(true);
    askForJobNotifications();
    try {
      const req = toRequest(state.form);
      const id = 'ffmpeg_command' in req ? (await client.runCommand(req)).command_id : (await client.runChained(req)).command_ids[0];
      if (id) {
        rememberSubmitted(id, state.form);
        navigate({ name: 'jobs', id });
      }
    } catch (err) {
      if (isApiError(err) && err.status === 422) {
        state.setServerIssues(err.issues);
        setError('The service refused the request; see the marked fields.');
        requestAnimationFrame(focusFirstError);
      } else setError(describeError(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div ref={barRef} className="submit-bar" role="region" aria-label="Submit">
      <Button
        variant="primary"
        data-action="run-job"
        aria-keyshortcuts="Control+Enter Meta+Enter"
        title="Run job (Ctrl+Enter)"
        onClick={() => void submit()}
        disabled={isSubmitting}
      >
        {isSubmitting ? 'Submitting…' : 'Run job'}
      </Button>
      <div className="small" role="status" aria-live="polite">
        {error ? (
          <span className="field-error">{error}</span>
        ) : blocking > 0 ? (
          <FixLinks issues={state.localIssues} onFollow={state.markAttempted} />
        ) : (
          <span className="muted">Ready to run</span>
        )}
      </div>
      <span className="spacer" />
      <CopyButton size="small" label="Copy as curl" done="curl command copied" getText={() => buildCurl(client.baseUrl, toRequest(state.form))} />
      <CopyButton size="small" label="Copy as JSON" done="JSON copied" getText={() => buildJson(toRequest(state.form))} />
      <SaveAsPreset size="small" getRequest={() => toRequest(state.form)} />
      <Button size="small" variant="ghost" onClick={state.reset}>
        Clear
      </Button>
    </div>
  );
}

function focusFirstError(): void {
  const el = document.querySelector<HTMLElement>('[aria-invalid="true"], .field-error');
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (el && el.matches('input, select, textarea')) el.focus();
}

/**
 * Publishes the bar's height as `--submit-bar-height` on the page root: the scroll
 * container's scroll-padding and the toasts' offset read it, so a focused field scrolls
 * clear of the bar and toasts sit above it, even when the bar wraps in a narrow window.
 */
function useBarHeightAsScrollPadding(ref: RefObject<HTMLDivElement | null>): void {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--submit-bar-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--submit-bar-height');
    };
  }, [ref]);
}
