/**
 * A time as an editor types it ("Part of the file" in the convert panel, Go to on the Cut screen): seconds (`75`, `75.5`) or
 * minutes and seconds (`1:15`, `1:15.5`) or hours too (`0:01:15`). Empty is no bound.
 */
export function parseTime(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  const parts = t.split(':');
  if (parts.length > 3) return 'invalid';
  let seconds = 0;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (!(last ? /^\d+(?:\.\d+)?$/ : /^\d+$/).test(part)) return 'invalid';
    const value = Number(part);
    if (!last && i > 0 && value >= 60) return 'invalid';
    if (last && parts.length > 1 && value >= 60) return 'invalid';
    seconds = seconds * 60 + value;
  }
  return seconds;
}

/** A time as the field shows it back: `1:15.5`, `0:03`, `1:02:03`. */
export function formatTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const fraction = Math.round((seconds - whole) * 1000) / 1000;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const sec = `${String(s).padStart(2, '0')}${fraction > 0 ? String(fraction).slice(1) : ''}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
