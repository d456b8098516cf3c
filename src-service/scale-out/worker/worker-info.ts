import os from 'node:os';
import type { MediaBinaries } from '../../media/binaries';
import { readCapabilities } from '../../media/build-facts';
import { detectHardwareEncoders } from '../../media/hw-encoders';
import { createProbeCache } from '../../media/probe-cache';

export interface WorkerInfo {
  host: string;
  ffmpeg_version: string | null;
  hardware_encoders: string[];
  cores: number;
}

/** What a worker tells the service about itself (shown by `GET /v1/workers`); hardware encoders come later from `detectWorkerEncoders`. */
export function describeWorker(bin: Pick<MediaBinaries, 'ffmpeg'>): WorkerInfo {
  return { host: os.hostname(), ffmpeg_version: bin.ffmpeg.version.raw || null, hardware_encoders: [], cores: Math.max(1, os.availableParallelism()) };
}

/** The hardware encoders that work on this machine: a short test encode each, as the service's own check does (docs/ffmpeg.md). */
export async function detectWorkerEncoders(ffmpegPath: string, signal: AbortSignal): Promise<string[]> {
  const caps = await readCapabilities(ffmpegPath, createProbeCache(null), signal);
  const trials = await detectHardwareEncoders(ffmpegPath, caps.encoders, signal);
  return trials.filter((t) => t.works).map((t) => t.encoder);
}
