import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { isApiError, type ValidationIssue } from '../../../../src-service/client';
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
import { toRequest, type JobForm } from './form';
import { isEditedByHand } from './convert-form';
import { convertEachProblem, formsPerFile, type FileJob } from './convert-each';
import type { JobFormState } from './use-job-form';
import { showToast } from '../../ui/toast';

/** The fields an empty form's problems are about: with no file, the command the panel writes for one is missing too. */
const FILE_AND_COMMAND = new Set(['input_files', 'ffmpeg_command']);

/** The convert panel's form with no file yet and no command typed, and nothing else wrong: all it needs is a file. */
function waitsForAFile(form: JobForm, issues: readonly ValidationIssue[]): boolean {
  if (form.isChained || form.preset || form.inputMode !== 'files') return false;
  if (!issues.every((i) => FILE_AND_COMMAND.has(String(i.loc[0] === 'body' ? i.loc[1] : i.loc[0])))) return false;
  const typed = form.convert ? isEditedByHand(form) : form.steps.some((step) => step.trim() !== '');
  return !typed && form.inputs.every((r) => r.url.trim() === '' && !r.upload);
}

/** Submit, with the count of problems left, and the copy actions. */
export function SubmitBar({ state }: { state: JobFormState }) {
  const { client } = useApi();
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocking = state.localIssues.length;
  // Several clips in the convert panel: one job each (convert-each.ts). Written again only when the form changes,
  // not at every render of the bar (each clip's command is the panel's whole write).
  const each = useMemo(() => formsPerFile(state.form), [state.form]);
  const eachProblem = useMemo(() => convertEachProblem(state.form), [state.form]);
  const barRef = useRef<HTMLDivElement>(null);
  useBarHeightAsScrollPadding(barRef);

  async function submit() {
    state.markAttempted();
    setError(null);
    if (blocking > 0) return focusFirstError();
    if (eachProblem) return setError(eachProblem);
    setSubmitting(true);
    askForJobNotifications();
    if (each.length > 1) {
      await submitEach(each);
      return setSubmitting(false);
    }
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

  /**
   * One job per clip. Each request is checked first (the service's dry run), so a clip the service
   * refuses queues none of them, and the refusal names the clip; then they are queued in order.
   */
  async function submitEach(jobs: FileJob[]) {
    const requests = jobs.map((j) => singleRequest(j.form));
    const checks = await Promise.allSettled(requests.map((r) => client.checkCommand(r, false)));
    const refused = checks.findIndex((c) => c.status === 'rejected');
    if (refused >= 0) {
      const reason = (checks[refused] as PromiseRejectedResult).reason;
      return setError(`${jobs[refused]?.fileName}: ${describeError(reason)} Nothing was queued.`);
    }
    let queued = 0;
    try {
      for (const [i, req] of requests.entries()) {
        const { command_id } = await client.runCommand(req);
        rememberSubmitted(command_id, jobs[i]!.form);
        queued++;
      }
      showToast(`${queued} jobs queued, one per clip`);
      navigate({ name: 'jobs' });
    } catch (err) {
      setError(`${queued} of ${jobs.length} jobs queued; ${jobs[queued]?.fileName}: ${describeError(err)}`);
    }
  }

  const runLabel = each.length > 1 ? `Convert ${each.length} clips` : 'Run job';
  return (
    <div ref={barRef} className="submit-bar" role="region" aria-label="Submit">
      <Button
        variant="primary"
        data-action="run-job"
        aria-keyshortcuts="Control+Enter Meta+Enter"
        title={`${runLabel} (Ctrl+Enter)`}
        onClick={() => void submit()}
        disabled={isSubmitting}
      >
        {isSubmitting ? 'Submitting…' : runLabel}
      </Button>
      <div className="small" role="status" aria-live="polite">
        {error ? (
          <span className="field-error">{error}</span>
        ) : blocking > 0 && waitsForAFile(state.form, state.localIssues) ? (
          // Nothing chosen and nothing typed: one thing to do, in an editor's words (it listed "Input in 1, Command").
          <span data-testid="needs-a-file">Choose a file first: drop one here or press Ctrl+O.</span>
        ) : blocking > 0 ? (
          <FixLinks issues={state.localIssues} onFollow={state.markAttempted} />
        ) : eachProblem ? (
          <span className="field-error">{eachProblem}</span>
        ) : each.length > 1 ? (
          <span className="muted" data-testid="convert-each">
            One job per clip: {namesLine(each.map((j) => j.fileName))}
          </span>
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

/** The panel's form for one clip is always one command (writeConvert). */
function singleRequest(form: JobForm) {
  const req = toRequest(form);
  if (!('ffmpeg_command' in req)) throw new Error('A clip of the convert panel makes one command');
  return req;
}

function namesLine(names: string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
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
