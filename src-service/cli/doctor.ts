import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { presentChoice, presentHardware } from '../api/system/media-presenter';
import { selectBinaries, type BinaryChoice } from '../media/binaries';
import { createBuildFacts } from '../media/build-facts';
import { createProbeCache } from '../media/probe-cache';
import { downloadPath } from '../storage/kernel-send';
import { EXIT } from './exit-codes';

/**
 * `ffdesk doctor`: which ffmpeg and ffprobe the service would run, every candidate it
 * considered and why, which hardware encoders work, and how downloads are sent. Runs in this process (no service
 * needed); it reads and fills the same cache as the service when the data dir exists.
 */
export async function doctorCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' }, refresh: { type: 'boolean' } } });
  const { dataDir, ffmpegCacheFile } = loadConfig();
  const cacheFile = ffmpegCacheFile ?? (fs.existsSync(dataDir) ? path.join(dataDir, 'ffmpeg-builds.json') : null);
  // --refresh: forget what was learned (a new GPU driver does not change the ffmpeg binary's size or mtime).
  if (values.refresh && cacheFile) fs.rmSync(cacheFile, { force: true });
  const cache = createProbeCache(cacheFile);
  const media = await selectBinaries({ cache });
  const facts = createBuildFacts({ ffmpegPath: media.ffmpegPath, cache });
  await facts.hardwareDone();
  const report = {
    ffmpeg: presentChoice(media.ffmpeg),
    ffprobe: presentChoice(media.ffprobe),
    hardware_encoders: presentHardware(facts),
    downloads: downloadPath(),
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return EXIT.OK;
  }
  process.stdout.write(
    `${[describeChoice('ffmpeg', media.ffmpeg), describeChoice('ffprobe', media.ffprobe), describeHardware(report.hardware_encoders), `downloads: ${report.downloads.detail}`, HOW_TO_CHOOSE].join('\n\n')}\n`,
  );
  return EXIT.OK;
}

const HOW_TO_CHOOSE =
  'To use another build: set FFDESK_FFMPEG_PATH and FFDESK_FFPROBE_PATH to its binaries, or put a newer ffmpeg on PATH (see docs/ffmpeg.md).';

function describeChoice(name: string, c: BinaryChoice): string {
  const rows = c.candidates.map((k) => [k.chosen ? '*' : ' ', k.source, k.version ?? '-', k.path ?? '-', k.note]);
  return [`${name}: ${c.path}`, `  version: ${c.version.raw}`, `  why: ${c.reason}`, '  candidates:', ...alignRows(rows).map((r) => `   ${r}`)].join('\n');
}

function describeHardware(hw: ReturnType<typeof presentHardware>): string {
  if (hw.tried.length === 0) return 'hardware encoders: this build lists none (NVENC, QSV, VAAPI, VideoToolbox, AMF)';
  const head = `hardware encoders: ${hw.working.length ? `${hw.working.join(', ')} work` : 'none works on this machine; templates use software encoders'}`;
  return [head, ...alignRows(hw.tried.map((t) => [t.works ? 'works' : 'fails', t.encoder, t.detail])).map((r) => `  ${r}`)].join('\n');
}

/** Plain aligned text columns (the last column is not padded). */
function alignRows(rows: string[][]): string[] {
  const widths = rows.reduce<number[]>((w, r) => r.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '));
}
