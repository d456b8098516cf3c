import { useApi } from '../lib/api';
import { useAsync } from '../lib/use-async';
import { formatDuration } from '../lib/format';
import { lanesOf, segmentSecondsFor, splitEstimate, splitOfferSeconds } from '../lib/split-offer';

interface Props {
  durationSeconds: number | undefined;
  /** The encode runs on the service's own cores whatever the workers (an edit): never offered as worker vCPUs. */
  serviceOnly?: boolean;
  checked: boolean;
  /** The segment length to send, or null to encode in one piece. */
  onChange(segmentSeconds: number | null): void;
}

/**
 * For a long input the convert panel (and the clip view, for a re-encode) proposes one encode
 * split across the workers (scale-out) or this machine's cores, with the time on paper; checking
 * it sends `"segmented": {"segment_seconds": n}` (docs/scale-out.md, "Segmented encodes").
 */
export function SplitOffer({ durationSeconds, serviceOnly = false, checked, onChange }: Props) {
  const { client } = useApi();
  const where = useAsync(async () => {
    const [workers, system] = await Promise.all([client.workers().catch(() => null), client.system().catch(() => null)]);
    return lanesOf(workers, system?.vcpu_budget ?? null, serviceOnly);
  }, [client, serviceOnly]);
  if (durationSeconds === undefined || durationSeconds < splitOfferSeconds() || !where.data) return null;
  const { lanes, where: kind } = where.data;
  const seconds = segmentSecondsFor(durationSeconds, lanes);
  const est = splitEstimate(durationSeconds, lanes, seconds);
  const label = `Split across ${lanes} ${kind === 'workers' ? (lanes === 1 ? 'worker vCPU' : 'worker vCPUs') : lanes === 1 ? 'core' : 'cores'}`;
  return (
    <div className="notice notice-info stack" data-testid="split-offer">
      <label className="row-wrap">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked ? seconds : null)} />
        <strong>{label}</strong>
      </label>
      <span className="small" data-testid="split-estimate">
        Estimated time ≈ {formatDuration(est.split)} instead of {formatDuration(est.oneLane)} (at real-time speed per lane; {est.segments} segment
        {est.segments === 1 ? '' : 's'} of {seconds} s, joined without re-encoding, the audio encoded once).
      </span>
    </div>
  );
}
