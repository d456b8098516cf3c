/**
 * Asks once for desktop notifications, from a click ("Run job"): browsers ignore or
 * penalise a request that no user gesture started. Jobs ending while the window is in
 * the background are then announced (app/job-end-notices.ts).
 */
export function askForJobNotifications(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined);
}
