import { execFileSync, spawnSync } from 'node:child_process';

/** Test helpers for segmented encodes: what ffprobe and ffmpeg say about an output. */

export function videoDuration(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file]);
  const rows = out
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.split(',').map(Number));
  const first = Math.min(...rows.map((r) => r[0] ?? 0));
  const last = Math.max(...rows.map((r) => (r[0] ?? 0) + (r[1] ?? 0)));
  return last - first;
}

/** ffmpeg's error lines when decoding the whole file (empty: clean). */
export function decodeErrors(file: string): string {
  return spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']).stderr.toString().trim();
}

export function meanSsim(a: string, b: string): number {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-i', a, '-i', b, '-lavfi', '[0:v][1:v]ssim', '-f', 'null', '-']);
  const m = /All:([0-9.]+)/.exec(r.stderr.toString());
  if (!m) throw new Error(`no SSIM: ${r.stderr.toString().slice(-500)}`);
  return Number(m[1]);
}

export function hasAudio(file: string): boolean {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file]);
  return out.toString().includes('audio');
}
