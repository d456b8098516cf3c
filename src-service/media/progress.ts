import { parseFfmpegDuration } from './ffmpeg-time';

export { expectedDurationSeconds } from './expected-duration';

/** A command's progress while PROCESSING (docs/choices.md: Records; *FFDesk*). */
export interface Progress {
  /** 0..100, one decimal; null when the expected duration is unknown. */
  percent: number | null;
  out_time_seconds: number;
  speed: number | null;
  fps: number | null;
  eta_seconds: number | null;
}

export interface ProgressParser {
  /** Feed one stdout line; returns a Progress when the line closes a block (`progress=...`). */
  push(line: string): Progress | null;
  /** The expected duration learned after the run started (an input probed alongside ffmpeg). */
  setDuration(seconds: number | null): void;
}

/**
 * Reads `ffmpeg -progress pipe:1`: blocks of `key=value` lines, each closed by
 * `progress=continue` or `progress=end` (ffmpeg docs, `-progress`). Values may be `N/A`.
 * Pure; one parser per ffmpeg run.
 */
export function createProgressParser(durationSeconds: number | null): ProgressParser {
  const valid = (d: number | null) => (d !== null && Number.isFinite(d) && d > 0 ? d : null);
  let duration = valid(durationSeconds);
  let block = new Map<string, string>();
  let outTime = 0;
  return {
    push(line) {
      const eq = line.indexOf('=');
      if (eq <= 0) return null;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      if (key !== 'progress') {
        block.set(key, value);
        return null;
      }
      // Out time only moves forward: a block without one (N/A, or ffmpeg's "no timestamp
      // yet" value of -9223372036854775807) keeps the previous value.
      outTime = Math.max(outTime, readOutTime(block) ?? 0);
      const progress = toProgress(block, outTime, duration, value === 'end');
      block = new Map();
      return progress;
    },
    setDuration(seconds) {
      duration = valid(seconds) ?? duration;
    },
  };
}

function toProgress(block: Map<string, string>, outTime: number, duration: number | null, isEnd: boolean): Progress {
  const speed = readNumber(block.get('speed')?.replace(/x$/, ''));
  const fps = readNumber(block.get('fps'));
  if (duration === null) return { percent: null, out_time_seconds: round3(outTime), speed, fps, eta_seconds: null };
  // At `progress=end` the last out_time is often a frame short of the duration: it is done.
  const percent = isEnd ? 100 : round1(clamp((outTime / duration) * 100, 0, 100));
  return { percent, out_time_seconds: round3(outTime), speed, fps, eta_seconds: isEnd ? 0 : etaSeconds(duration - outTime, speed) };
}

/** Output seconds still to make, divided by the speed (output seconds per wall second). */
export function etaSeconds(remaining: number, speed: number | null): number | null {
  return speed !== null && speed > 0 ? round1(Math.max(0, remaining) / speed) : null;
}

/** `out_time_us`, then `out_time_ms` (also microseconds, an old ffmpeg naming bug), then `out_time`. */
function readOutTime(block: Map<string, string>): number | null {
  const micros = readNumber(block.get('out_time_us')) ?? readNumber(block.get('out_time_ms'));
  const seconds = micros !== null ? micros / 1e6 : parseFfmpegDuration(block.get('out_time') ?? '');
  return seconds !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

function readNumber(value: string | undefined): number | null {
  if (value === undefined || value === '' || value === 'N/A') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round3 = (n: number) => Math.round(n * 1000) / 1000;
