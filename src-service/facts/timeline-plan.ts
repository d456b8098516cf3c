/** Layout of the thumbnail sprite and rate of the waveform for a file of a given length. Pure. */

export interface SpritePlan {
  count: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  intervalSeconds: number;
}

const MAX_TILES = 100;
const MIN_INTERVAL_SECONDS = 2;
const COLUMNS = 10;
const TILE_WIDTH = 160;

export function planSprite(duration: number, width: number | null, height: number | null): SpritePlan {
  const count = duration > 0 ? Math.min(MAX_TILES, Math.max(1, Math.ceil(duration / MIN_INTERVAL_SECONDS))) : 1;
  const columns = Math.min(COLUMNS, count);
  const aspect = width && height ? height / width : 9 / 16;
  const tileHeight = Math.min(320, Math.max(2, 2 * Math.round((TILE_WIDTH * aspect) / 2)));
  return { count, columns, rows: Math.ceil(count / columns), tileWidth: TILE_WIDTH, tileHeight, intervalSeconds: duration > 0 ? duration / count : 1 };
}

/** The ffmpeg filter chain that makes the sprite from (key) frames. */
export function spriteFilter(plan: SpritePlan): string {
  const millis = Math.max(1, Math.round(plan.intervalSeconds * 1000));
  // Key frames only reach fps up to the last one, which may lie a long GOP before the end (10 s
  // apart, the last 8 s of tiles stayed black): the last frame is held for the sprite's whole
  // span, so every tile is filled. The tile filter puts the sprite out once its tiles are full;
  // the frames held past that are never scaled.
  const hold = (plan.count * millis) / 1000;
  return `tpad=stop_mode=clone:stop_duration=${hold},fps=1000/${millis},scale=${plan.tileWidth}:${plan.tileHeight},setsar=1,tile=${plan.columns}x${plan.rows}`;
}

export interface WaveformPlan {
  /** Mono PCM rate ffmpeg decodes to. */
  sampleRate: number;
  peaksPerSecond: number;
}

export const MAX_PEAKS = 4000;
const MAX_PEAKS_PER_SECOND = 50;
/** About 48 MB of 16-bit PCM at most, whatever the length. */
const MAX_SAMPLES = 24_000_000;

export function planWaveform(duration: number): WaveformPlan {
  const d = duration > 0 ? duration : 1;
  const peaksPerSecond = Math.min(MAX_PEAKS_PER_SECOND, MAX_PEAKS / d);
  const sampleRate = Math.max(400, Math.min(8000, Math.floor(MAX_SAMPLES / d)));
  return { sampleRate, peaksPerSecond };
}

/** Peak |sample| per bucket, 0..1 (three decimals), at most MAX_PEAKS buckets; fed chunk by chunk. */
export function createPeakCounter(plan: WaveformPlan) {
  const perBucket = plan.sampleRate / plan.peaksPerSecond;
  const peaks: number[] = [];
  let index = 0;
  let odd: number | null = null;
  const add = (sample: number) => {
    const bucket = Math.floor(index / perBucket);
    index += 1;
    if (bucket >= MAX_PEAKS) return;
    const level = Math.abs(sample) / 32768;
    while (peaks.length <= bucket) peaks.push(0);
    if (level > (peaks[bucket] as number)) peaks[bucket] = level;
  };
  return {
    /** Little-endian signed 16-bit samples; a chunk may end in the middle of one. */
    push(chunk: Buffer): void {
      let start = 0;
      if (odd !== null && chunk.length > 0) {
        add(Buffer.from([odd, chunk[0] as number]).readInt16LE(0));
        odd = null;
        start = 1;
      }
      const end = start + Math.floor((chunk.length - start) / 2) * 2;
      for (let i = start; i < end; i += 2) add(chunk.readInt16LE(i));
      if (end < chunk.length) odd = chunk[end] as number;
    },
    peaks(): number[] {
      return peaks.map((p) => Math.round(Math.min(1, p) * 1000) / 1000);
    },
  };
}
