import { useEffect } from 'react';
import type { CommandListItem } from '../../../src-service/client';
import type { EventHub } from '../lib/events';
import { hrefOf, parseRoute } from '../lib/router';
import { showToast } from '../ui/toast';
import { splitJobName } from '../features/jobs/progress';
import { isWatched } from '../lib/watched-jobs';

const BASE_TITLE = 'FFDesk';

const isAway = (): boolean => document.visibilityState === 'hidden' || !document.hasFocus();

/**
 * Tells the user when a job ends: a toast (unless its page is open, or the screen shown follows
 * it itself: lib/watched-jobs.ts), and while the window
 * is hidden or unfocused, a desktop notification and a count in the window title, cleared
 * when the window is back in focus. A job the user cancelled is not announced.
 */
export function useJobEndNotices(hub: EventHub): void {
  useEffect(() => {
    const announced = new Set<string>();
    let unseen = 0;
    const setTitle = () => (document.title = unseen > 0 ? `(${unseen}) ${BASE_TITLE}` : BASE_TITLE);
    const onBack = () => {
      if (isAway()) return;
      unseen = 0;
      setTitle();
    };
    const stop = hub.listen((e) => {
      if (e.type !== 'command') return;
      const job = e.data;
      if ((job.status !== 'SUCCESS' && job.status !== 'FAILED') || job.error_status === 'CANCELLED' || announced.has(job.command_id)) return;
      announced.add(job.command_id);
      announce(job, () => {
        unseen++;
        setTitle();
      });
    });
    window.addEventListener('focus', onBack);
    document.addEventListener('visibilitychange', onBack);
    return () => {
      stop();
      window.removeEventListener('focus', onBack);
      document.removeEventListener('visibilitychange', onBack);
      document.title = BASE_TITLE;
    };
  }, [hub]);
}

function announce(job: CommandListItem, countUnseen: () => void): void {
  // Output first, as in the jobs list: "Done: clip.gif — fps: clip.mp4" (docs/gui.md).
  const { primary, secondary } = splitJobName(job.name ?? job.command_id.slice(0, 8));
  const name = secondary ? `${primary} — ${secondary}` : primary;
  const text = job.status === 'SUCCESS' ? `Done: ${name}` : `Failed: ${name}`;
  const href = hrefOf({ name: 'jobs', id: job.command_id });
  const route = parseRoute(window.location.hash);
  const isOnItsPage = (route.name === 'jobs' && route.id === job.command_id) || isWatched(job.command_id);
  if (!isOnItsPage || isAway()) showToast(text, { isError: job.status === 'FAILED', link: { href, label: 'Open' }, durationMs: 6000 });
  if (!isAway()) return;
  countUnseen();
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const body =
    job.status === 'SUCCESS'
      ? `${job.output_file_count} output${job.output_file_count === 1 ? '' : 's'} stored`
      : ((job.error_message ?? '').split('\n')[0] ?? '');
  const n = new Notification(text, { body, tag: job.command_id });
  n.onclick = () => {
    window.focus();
    window.location.hash = href;
    n.close();
  };
}
