import path from 'node:path';
import type { Confiner } from '../media/confine';
import { probeFile, type ProbeResult } from '../media/probe';

/** Outputs probed at once (outputs.ts), and made ready at once: enough to overlap the probes' start-up, few enough for two cores. */
export const PROBES_AT_ONCE = 4;
/** An output probe's deadline, made ready or not (counted from its release). */
export const PROBE_TIMEOUT_MS = 60_000;

/**
 * Output probes whose sandboxes are set up while ffmpeg still runs (docs/performance.md,
 * "Output probes made ready"): a probe's own work is short, but building its sandbox and
 * starting it cost about as much again, after ffmpeg, on every job. Each waits, confined, for
 * its release; storeOutputs releases one once its output is written and checked.
 */
export interface ReadyProbes {
  /** Starts the probe made ready for this output, or undefined when there is none. At most once per output. */
  release(alias: string): Promise<ProbeResult> | undefined;
  /** Ends every probe not released (a failed or cancelled run, or outputs left unprobed): none of them runs ffprobe. */
  cancel(): void;
}

export const NO_READY_PROBES: ReadyProbes = { release: () => undefined, cancel: () => undefined };

/**
 * Makes the declared outputs' probes ready in the job folder `work`, which must exist and stay
 * the same folder until they are released. None where the sandbox cannot start a process on
 * input (not bubblewrap: docs/performance.md) or for an OUTPUT_FOLDER (zipped, not probed).
 */
export function readyOutputProbes(
  deps: { ffprobePath: string; confiner: Confiner },
  outputs: Record<string, string> | 'OUTPUT_FOLDER',
  work: string,
  signal: AbortSignal,
): ReadyProbes {
  if (outputs === 'OUTPUT_FOLDER' || !deps.confiner.canStartOnInput()) return NO_READY_PROBES;
  const waiting = new Map<string, { go: (release: boolean) => void; result: Promise<ProbeResult> }>();
  for (const [alias, name] of Object.entries(outputs).slice(0, PROBES_AT_ONCE)) {
    let go: (release: boolean) => void = () => undefined;
    const gate = new Promise<boolean>((resolve) => (go = resolve));
    const result = probeFile(deps.ffprobePath, path.join(work, name), {
      confiner: deps.confiner,
      ready: { folder: work, gate },
      signal,
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    result.catch(() => undefined); // a cancelled probe rejects with nobody waiting
    waiting.set(alias, { go, result });
  }
  return {
    release(alias) {
      const probe = waiting.get(alias);
      if (!probe) return undefined;
      waiting.delete(alias);
      probe.go(true);
      return probe.result;
    },
    cancel() {
      for (const probe of waiting.values()) probe.go(false);
      waiting.clear();
    },
  };
}
