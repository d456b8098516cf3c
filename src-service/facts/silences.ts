/**
 * Where one audio track is silent (docs/api.md, "File facts"), for cutting at the pauses of an
 * interview or a podcast: ffmpeg's `silencedetect` filter logs one stderr line per edge,
 *
 *   [silencedetect @ 0x55d1c2a3b4c0] silence_start: 1.234
 *   [silencedetect @ 0x55d1c2a3b4c0] silence_end: 2.5 | silence_duration: 1.266
 *
 * and the lines are read here into ranges. Pure: no process is run.
 */
export interface Silence {
  /** Seconds from the file's start. */
  start: number;
  end: number;
}

const TAG = '[silencedetect @';
const START = 'silence_start:';
const END = 'silence_end:';

/**
 * ffmpeg's arguments for finding the silences of track `track` (1-based) of `input`: quieter
 * than `noiseDb` dBFS for at least `minSeconds`. Nothing is written; the report goes to stderr.
 * `-nostats`: the progress line ends in a carriage return, not a newline, and would otherwise
 * share a line with the first report.
 */
export function silencesArgv(input: string, track: number, noiseDb: number, minSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    input,
    '-map',
    `0:a:${track - 1}`,
    '-vn',
    '-sn',
    '-dn',
    '-af',
    `silencedetect=n=${noiseDb}dB:d=${minSeconds}`,
    '-f',
    'null',
    '-',
  ];
}

/** Reads silencedetect's lines as they come; `result` closes a silence still open at the end of the file. */
export function createSilenceReader(duration: number) {
  const silences: Silence[] = [];
  let open: number | null = null;

  function line(text: string): void {
    const at = text.indexOf(TAG);
    if (at < 0) return;
    const report = text.slice(text.indexOf(']', at) + 1);
    const start = valueAfter(report, START);
    if (start !== null) {
      open = start;
      return;
    }
    const end = valueAfter(report, END);
    if (end === null) return;
    add(open ?? 0, end);
    open = null;
  }

  function add(start: number, end: number): void {
    const s = ms(Math.max(0, start));
    const e = ms(duration > 0 ? Math.min(end, duration) : end);
    if (e > s) silences.push({ start: s, end: e });
  }

  return {
    line,
    /** The silences in order; one that never ended runs to the file's end (dropped when the duration is unknown). */
    result(): Silence[] {
      if (open !== null && duration > 0) add(open, duration);
      open = null;
      return silences;
    },
  };
}

/** The number after `key` up to the next `|` or the line's end; null when the key is absent or the text is no number. */
function valueAfter(report: string, key: string): number | null {
  const at = report.indexOf(key);
  if (at < 0) return null;
  const rest = report.slice(at + key.length);
  const bar = rest.indexOf('|');
  const text = (bar < 0 ? rest : rest.slice(0, bar)).trim();
  const value = Number(text);
  return text !== '' && Number.isFinite(value) ? value : null;
}

const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000;
