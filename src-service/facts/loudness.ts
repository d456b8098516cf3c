/**
 * The first pass of a two-pass EBU R128 normalisation (docs/api.md, "File facts"): loudnorm
 * run with `print_format=json` over one audio track prints what it measured at the end of
 * stderr. Pure: the JSON block is read from the text.
 */
export interface LoudnessMeasure {
  input_i: number;
  input_tp: number;
  input_lra: number;
  input_thresh: number;
}

/** ffmpeg's arguments for measuring track `track` (1-based) of `input`; the JSON goes to stderr. */
export function loudnessArgv(input: string, track: number): string[] {
  return ['-hide_banner', '-nostdin', '-i', input, '-map', `0:a:${track - 1}`, '-vn', '-sn', '-dn', '-af', 'loudnorm=print_format=json', '-f', 'null', '-'];
}

/** The measured values from loudnorm's JSON block at the end of stderr; null when there is none. */
export function parseLoudnorm(stderr: string): LoudnessMeasure | null {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(stderr.slice(start, end + 1)) as Record<string, unknown>;
  } catch {
    return null; // not loudnorm's block
  }
  const read = (key: string): number | null => {
    const v = Number(json[key]);
    // Silence measures "-inf": no gain can bring it to a target.
    return typeof json[key] === 'string' && Number.isFinite(v) ? v : null;
  };
  const [i, tp, lra, thresh] = [read('input_i'), read('input_tp'), read('input_lra'), read('input_thresh')];
  if (i === null || tp === null || lra === null || thresh === null) return null;
  return { input_i: i, input_tp: tp, input_lra: lra, input_thresh: thresh };
}
