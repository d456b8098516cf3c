import type { CommandProgress } from '../../../../src-service/client';
import { formatDuration, formatEta } from '../../lib/format';
import { ProgressBar } from '../../ui/ProgressBar';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createEtaTracker } from './progress';

const SILENCE_MS = 3000;

/** Percent, speed and ETA of a running job, fed by the event stream. */
export function ProgressPanel({ progress }: { progress: CommandProgress | null }) {
  const percent = progress?.percent ?? null;
  const tracker = useRef(createEtaTracker());
  const eta = useMemo(() => (progress ? tracker.current.update(progress) : null), [progress]);
  // No figure 3 s into the run: said, not a row of dashes for its whole length (a GIF's palette is made
  // from every frame before the first is written). Not at once: every job starts without one.
  const isSilent = percent === null && !progress?.out_time_seconds;
  const [isLongSilent, setLongSilent] = useState(false);
  useEffect(() => {
    setLongSilent(false);
    if (!isSilent) return;
    const timer = setTimeout(() => setLongSilent(true), SILENCE_MS);
    return () => clearTimeout(timer);
  }, [isSilent]);
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
      {isLongSilent && (
        <p className="small muted" data-testid="progress-silent">
          Working: FFmpeg has not said how far it got yet. Some commands write nothing until the end (a GIF's palette is made from every frame first).
        </p>
      )}
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
