import type { RestartDecision } from './restart-policy';

/**
 * What the window shows while its service is down: a page of its own (a data: URL, no
 * script), since the app's page cannot reach a dead service. Replaced by the app again once
 * the restarted service is ready.
 */
export function serviceDownPage(code: number | null, decision: RestartDecision): string {
  const what =
    decision.action === 'restart'
      ? `Restarting it (attempt ${decision.attempt})… Jobs that were running start again once it is back.`
      : `It stopped ${decision.crashes} times in a short while, so FFDesk stopped restarting it. Quit and reopen FFDesk; the log is service-watch.log in the app's log folder.`;
  const html = `<!doctype html><meta charset="utf-8"><title>FFDesk</title>
<body style="font-family: system-ui, sans-serif; margin: 3rem; color: #222">
<h1 style="font-size: 1.4rem">The FFDesk service stopped unexpectedly</h1>
<p>Exit code ${code === null ? 'unknown' : String(code)}. ${what}</p>
</body>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
