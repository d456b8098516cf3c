import type { CommandProgress } from '../../../../src-service/client';
import { formatDuration, formatEta } from '../../lib/format';
import { ProgressBar } from '../../ui/ProgressBar';
import { useMemo, useRef } from 'react';
import { createEtaTracker } from './progress';

/** Percent, speed and ETA of a running job, fed by the event stream. */
export function ProgressPanel({ progress }: { progress: CommandProgress | null }) {
  const percent = progress?.percent ?? null;
  const tracker = useRef(createEtaTracker());
  const eta = useMemo(() => (progress ? tracker.current.update(progress) : null), [progress]);
  return (
    <div className="stack" data-testid="job-progress">
      <ProgressBar percent={percent} label="Job progress" />
      <div className="stat-row" aria-live="polite">
        <Stat label="Done" value={percent === null ? '—' : `${percent.toFixed(1)}%`} />
        <Stat label="Speed" value={progress?.speed ? `${progress.speed.toFixed(2)}×` : '—'} />
        <Stat label="ETA" value={progress ? formatEta(eta) : '—'} />
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
