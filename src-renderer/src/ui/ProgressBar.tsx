/** Determinate when `percent` is a number; an animated bar when it is unknown. */
export function ProgressBar({ percent, label }: { percent: number | null; label: string }) {
  const clamped = percent === null ? null : Math.max(0, Math.min(100, percent));
  return (
    <div
      className={`progress${clamped === null ? ' progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped === null ? undefined : Math.round(clamped)}
    >
      <div className="progress-fill" style={{ width: `${clamped ?? 0}%` }} />
    </div>
  );
}
