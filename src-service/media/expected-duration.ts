import { parseFfmpegDuration, parseRate } from './ffmpeg-time';

/**
 * How long the command's output should be, for the progress percentage (docs/choices.md:
 * Records, `progress`). Pure and deliberately simple: an explicit output `-t`, `-to` (minus
 * an output `-ss`) or `-frames:v` with `-r`; otherwise the longest input (the shortest
 * with `-shortest`), shortened by an input `-ss`/`-t`/`-to` when there is a single input
 * and by an output `-ss`.
 * `inputDurations` holds the durations that are known, in no particular order.
 * Returns null when nothing sensible can be said (percent is then null).
 */
export function expectedDurationSeconds(tokens: string[], inputDurations: number[]): number | null {
  const { inputs, output } = splitOptions(tokens);
  const explicit = outputLimit(output);
  if (explicit !== null) return explicit;
  if (inputs.some((opts) => opts.has('-stream_loop'))) return null; // may loop forever
  const known = inputDurations.filter((d) => Number.isFinite(d) && d > 0);
  if (known.length === 0) return null;
  const longest = output.has('-shortest') ? Math.min(...known) : Math.max(...known);
  const only = inputs.length === 1 ? inputs[0] : undefined;
  const input = only ? trimmed(longest, only) : longest;
  return positive(input - (readDuration(output, '-ss') ?? 0));
}

type Options = Map<string, string>;

/** Options before each `-i` belong to that input; everything after the last input is output side. */
function splitOptions(tokens: string[]): { inputs: Options[]; output: Options } {
  const inputs: Options[] = [];
  let current: Options = new Map();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1];
    if (token === '-i') {
      inputs.push(current);
      current = new Map();
      i++;
    } else if (token.startsWith('-') && token.length > 1) {
      // Flags without a value (-shortest, -y) are recorded too; a wrong value does no harm.
      current.set(token, next ?? '');
    }
  }
  return { inputs, output: current };
}

function outputLimit(output: Options): number | null {
  const t = readDuration(output, '-t');
  if (t !== null) return positive(t);
  const to = readDuration(output, '-to');
  if (to !== null) return positive(to - (readDuration(output, '-ss') ?? 0));
  const frames = Number(output.get('-frames:v') ?? output.get('-vframes') ?? output.get('-frames') ?? NaN);
  const rate = parseRate(output.get('-r') ?? output.get('-r:v') ?? '');
  return Number.isInteger(frames) && frames > 0 && rate !== null ? frames / rate : null;
}

function trimmed(duration: number, input: Options): number {
  const start = readDuration(input, '-ss') ?? 0;
  const limit = readDuration(input, '-t');
  const to = readDuration(input, '-to');
  let end = duration;
  if (to !== null) end = Math.min(end, to);
  const length = end - start;
  return limit !== null ? Math.min(length, limit) : length;
}

function readDuration(opts: Options, key: string): number | null {
  const value = opts.get(key);
  return value === undefined ? null : parseFfmpegDuration(value);
}

function positive(seconds: number): number | null {
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
