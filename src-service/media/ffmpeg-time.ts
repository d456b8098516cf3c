/**
 * Parses an ffmpeg duration (ffmpeg-utils "Time duration"): `[-][HH:]MM:SS[.m...]` or
 * `[-]S+[.m...][s|ms|us]`. Returns seconds, or null when the text is not a duration.
 */
export function parseFfmpegDuration(text: string): number | null {
  const s = text.trim();
  const clock = /^(-)?(?:(\d+):)?(\d+):(\d+(?:\.\d*)?)$/.exec(s);
  if (clock) {
    const seconds = Number(clock[2] ?? 0) * 3600 + Number(clock[3]) * 60 + Number(clock[4]);
    return clock[1] ? -seconds : seconds;
  }
  const plain = /^(-?\d+(?:\.\d*)?|-?\.\d+)(s|ms|us)?$/.exec(s);
  if (!plain) return null;
  const value = Number(plain[1]);
  const unit = plain[2] ?? 's';
  return unit === 'ms' ? value / 1e3 : unit === 'us' ? value / 1e6 : value;
}

const RATE_ABBREVIATIONS: Record<string, number> = {
  ntsc: 30000 / 1001,
  pal: 25,
  film: 24,
  'ntsc-film': 24000 / 1001,
  qntsc: 30000 / 1001,
  qpal: 25,
  sntsc: 30000 / 1001,
  spal: 25,
};

/** Parses a rate such as `25`, `29.97`, `30000/1001` or `ntsc`; null unless finite and > 0. */
export function parseRate(text: string): number | null {
  const s = text.trim().toLowerCase();
  const abbreviated = RATE_ABBREVIATIONS[s];
  if (abbreviated !== undefined) return abbreviated;
  const [num, den] = s.split(/[/:]/);
  const value = den === undefined ? Number(num) : Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : null;
}
