import { useApi } from '../lib/api';
import { useAsync } from '../lib/use-async';
import { formatDuration } from '../lib/format';
import { lanesOf, segmentSecondsFor, splitEstimate, splitOfferSeconds } from '../lib/split-offer';

/** The split on offer for an input of some length: the segment length to send, the checkbox's words and the time on paper. */
export interface SplitPlan {
  seconds: number;
  label: string;
  estimate: ReturnType<typeof splitEstimate>;
}

/**
 * The split to offer for an encode of `durationSeconds` (none under the threshold, or while the
 * lanes are read): across the workers (scale-out) or this machine's cores. `serviceOnly`: the
 * encode runs on the service's own cores whatever the workers (an edit).
 */
export function useSplitPlan(durationSeconds: number | undefined, serviceOnly = false): SplitPlan | null {
  const { client } = useApi();
  // The lanes are read once a split may be offered (the clip view asks only for a joined re-encode).
  const wanted = durationSeconds !== undefined;
  const where = useAsync(async () => {
    if (!wanted) return null;
    const [workers, system] = await Promise.all([client.workers().catch(() => null), client.system().catch(() => null)]);
    return lanesOf(workers, system?.vcpu_budget ?? null, serviceOnly);
  }, [client, serviceOnly, wanted]);
  if (durationSeconds === undefined || durationSeconds < splitOfferSeconds() || !where.data) return null;
  const { lanes, where: kind } = where.data;
  const seconds = segmentSecondsFor(durationSeconds, lanes);
  const label = `Split across ${lanes} ${kind === 'workers' ? (lanes === 1 ? 'worker vCPU' : 'worker vCPUs') : lanes === 1 ? 'core' : 'cores'}`;
  return { seconds, label, estimate: splitEstimate(durationSeconds, lanes, seconds) };
}

interface Props {
  plan: SplitPlan | null;
  checked: boolean;
  /** The segment length to send, or null to encode in one piece. */
  onChange(segmentSeconds: number | null): void;
  /** A key of the view that switches it too (the clip view's P), named after the label. */
  keyShortcut?: string;
}

/**
 * For a long input the convert panel (and the clip view, for a re-encode) proposes one encode
 * split across the workers (scale-out) or this machine's cores, with the time on paper; checking
 * it sends `"segmented": {"segment_seconds": n}` (docs/scale-out.md, "Segmented encodes").
 */
export function SplitOffer({ plan, checked, onChange, keyShortcut }: Props) {
  if (!plan) return null;
  const { seconds, label, estimate: est } = plan;
  return (
    <div className="notice notice-info stack" data-testid="split-offer">
      <label className="row-wrap">
        <input type="checkbox" checked={checked} aria-keyshortcuts={keyShortcut} onChange={(e) => onChange(e.target.checked ? seconds : null)} />
        <strong>{label}</strong>
        {keyShortcut && <span className="muted small">({keyShortcut} switches)</span>}
      </label>
      <span className="small" data-testid="split-estimate">
        Estimated time ≈ {formatDuration(est.split)} instead of {formatDuration(est.oneLane)} (at real-time speed per lane; {est.segments} segment
        {est.segments === 1 ? '' : 's'} of {seconds} s, joined without re-encoding, the audio encoded once).
      </span>
    </div>
  );
}
