import os from 'node:os';
import { readVersions } from '../../media/binaries';
import { runProcess } from '../../media/run-process';

/** Encoder name fragments of hardware encoders (NVIDIA, Intel, VA-API, Apple, AMD, V4L2, Raspberry Pi). */
const HARDWARE = /_(nvenc|qsv|vaapi|videotoolbox|amf|v4l2m2m|omx|mf)$/;

export interface WorkerInfo {
  host: string;
  ffmpeg_version: string | null;
  hardware_encoders: string[];
  cores: number;
}

/** What a worker tells the service about itself (shown by `GET /v1/workers`). */
export async function describeWorker(bin: { ffmpegPath: string; ffprobePath: string }): Promise<WorkerInfo> {
  const versions = await readVersions(bin).catch(() => null);
  return {
    host: os.hostname(),
    ffmpeg_version: versions?.ffmpeg_version ?? null,
    hardware_encoders: await hardwareEncoders(bin.ffmpegPath).catch(() => []),
    cores: Math.max(1, os.availableParallelism()),
  };
}

/** Encoders this ffmpeg was built with whose names say hardware; built-in is not the same as usable on this machine. */
async function hardwareEncoders(ffmpegPath: string): Promise<string[]> {
  const lines: string[] = [];
  await runProcess(ffmpegPath, ['-hide_banner', '-encoders'], { cwd: os.tmpdir(), signal: AbortSignal.timeout(10_000), onStdoutLine: (l) => lines.push(l) });
  return lines.map((l) => l.trim().split(/\s+/)[1] ?? '').filter((name) => HARDWARE.test(name));
}
