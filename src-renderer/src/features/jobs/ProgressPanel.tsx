import type { CommandProgress } from '../../../../src-service/client';
import { formatDuration, formatEta } from '../../lib/format';
import { ProgressBar } from '../../ui/ProgressBar';
import { etaSeconds } from './progress';

/** Percent, speed and ETA of a running job, fed by the event stream. */
export function ProgressPanel({ progress }: { progress: CommandProgress | null }) {
  const percent = progress?.percent ?? null;
  return (
    <div className="stack" data-testid="job-progress">
      <ProgressBar percent={percent} label="Job progress" />
      <div className="stat-row" aria-live="polite">
        <Stat label="Done" value={percent === null ? '—' : `${percent.toFixed(1)}%`} />
        <Stat label="Speed" value={progress?.speed ? `${progress.speed.toFixed(2)}×` : '—'} />
        <Stat label="ETA" value={progress ? formatEta(etaSeconds(progress)) : '—'} />
        <Stat label="Position" value={formatDuration(progress?.out_time_seconds)} />
        <Stat label="FPS" value={progress?.fps ? String(Math.round(progress.fps)) : '—'} />
      </div>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <span className="stat-value">{value}</span>
      <span className="stat-label">{label}</span>
    </div>
  );
}
