/**
 * Jobs a screen is showing the end of itself (the Cut screen's export line): the job-end toast
 * stays away from them as it does from an open job page (app/job-end-notices.ts), instead of
 * covering the very panel that already says "Done".
 */
const watched = new Map<string, number>();

/** Marks a job as followed on screen until the returned function is called. */
export function watchJob(commandId: string): () => void {
  watched.set(commandId, (watched.get(commandId) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (watched.get(commandId) ?? 1) - 1;
    if (n > 0) watched.set(commandId, n);
    else watched.delete(commandId);
  };
}

export const isWatched = (commandId: string): boolean => watched.has(commandId);
