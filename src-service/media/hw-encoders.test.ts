import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBinaries } from './binaries';
import { createBuildFacts, readCapabilities } from './build-facts';
import { parseCodecList } from './capabilities';
import { detectHardwareEncoders, findRenderNode, hardwareEncodersListed } from './hw-encoders';
import { createProbeCache } from './probe-cache';
import { makeTempDir } from '../testing/media-fixtures';

const realFfmpeg = resolveBinaries().ffmpegPath;
const real = (...flag: string[]) => execFileSync(realFfmpeg, ['-hide_banner', ...flag], { encoding: 'utf8', maxBuffer: 64 << 20 });

/** The real encoder listing, plus GPU encoders this build may lack, so every API is exercised. */
function encodersListing(): string {
  const extra = [
    ' V....D h264_nvenc           NVIDIA NVENC H.264 encoder (codec h264)',
    ' V....D hevc_nvenc           NVIDIA NVENC hevc encoder (codec hevc)',
    ' V..... h264_qsv             H.264 (Intel Quick Sync Video acceleration) (codec h264)',
    ' V....D h264_vaapi           H.264/AVC (VAAPI) (codec h264)',
    ' V....D hevc_videotoolbox    VideoToolbox H.265 Encoder (codec hevc)',
    ' V....D h264_amf             AMD AMF H.264 Encoder (codec h264)',
    ' V....D vp9_vaapi            VP9 (VAAPI) (codec vp9)',
  ];
  const lines = real('-encoders')
    .split('\n')
    .filter((l) => !extra.some((e) => e.split(/\s+/)[2] === l.trim().split(/\s+/)[1]));
  return [...lines, ...extra].join('\n');
}

let dir: string;
/**
 * A stand-in ffmpeg: prints the real listings captured above, and "encodes" successfully only
 * with the encoders in `working` (the others fail the way a missing driver does). It logs each argv.
 */
function standIn(name: string, working: string[]): string {
  const bin = path.join(dir, name, 'ffmpeg');
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  for (const flag of ['encoders', 'decoders', 'filters', 'muxers', 'demuxers', 'protocols', 'hwaccels']) {
    fs.writeFileSync(path.join(dir, name, `${flag}.txt`), flag === 'encoders' ? encodersListing() : real(`-${flag}`));
  }
  fs.writeFileSync(path.join(dir, name, 'full.txt'), real('-h', 'full'));
  const cases = working.map((e) => `    *" ${e} "*) exit 0 ;;`).join('\n');
  fs.writeFileSync(
    bin,
    `#!/bin/sh
d=$(dirname "$0")
echo "$*" >> "$d/argv.log"
case "$2" in
  -h) cat "$d/full.txt"; exit 0 ;;
  -encoders|-decoders|-filters|-muxers|-demuxers|-protocols|-hwaccels) cat "$d/\${2#-}.txt"; exit 0 ;;
esac
case " $* " in
${cases}
esac
echo "[enc @ 0x1] Cannot load libcuda.so.1" >&2
echo "Error initializing output stream 0:0 -- Error while opening encoder" >&2
exit 1
`,
    { mode: 0o755 },
  );
  return bin;
}
const argvLog = (bin: string) =>
  fs
    .readFileSync(path.join(path.dirname(bin), 'argv.log'), 'utf8')
    .trim()
    .split('\n');

beforeAll(() => {
  dir = makeTempDir('hw-encoders');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('hardware encoder detection (stand-in binaries)', () => {
  it('lists the H.264/HEVC/AV1 encoders of the five APIs, and nothing else', () => {
    const listed = hardwareEncodersListed(parseCodecList(encodersListing())).map((e) => e.encoder);
    expect(listed).toEqual(expect.arrayContaining(['h264_nvenc', 'hevc_nvenc', 'h264_qsv', 'h264_vaapi', 'hevc_videotoolbox', 'h264_amf']));
    expect(listed).not.toContain('vp9_vaapi');
    expect(listed).not.toContain('libx264');
  });

  it('when only NVENC H.264 encodes, then only it works and the others say why', async () => {
    const bin = standIn('nvenc', ['h264_nvenc']);
    const caps = await readCapabilities(bin, createProbeCache(null));
    const trials = await detectHardwareEncoders(bin, caps.encoders, undefined, null);
    expect(trials.filter((t) => t.works).map((t) => t.encoder)).toEqual(['h264_nvenc']);
    expect(trials.find((t) => t.encoder === 'hevc_nvenc')).toMatchObject({ works: false, detail: expect.stringContaining('Cannot load libcuda.so.1') });
    expect(trials.find((t) => t.encoder === 'h264_vaapi')).toMatchObject({ works: false, detail: expect.stringContaining('no /dev/dri/renderD') });
    expect(argvLog(bin)).toContainEqual(
      expect.stringMatching(/-f lavfi -i color=c=black:s=256x144:r=10:d=0\.2 -pix_fmt yuv420p -frames:v 2 -c:v h264_nvenc -f null -/),
    );
  });

  it('when a render node exists, then VAAPI is tried with its frames uploaded to it', async () => {
    const bin = standIn('vaapi', ['h264_vaapi']);
    const trials = await detectHardwareEncoders(bin, parseCodecList(encodersListing()), undefined, '/dev/dri/renderD128');
    expect(trials.find((t) => t.works)?.encoder).toBe('h264_vaapi');
    expect(argvLog(bin)).toContainEqual(expect.stringContaining('-vaapi_device /dev/dri/renderD128 -vf format=nv12,hwupload -frames:v 2 -c:v h264_vaapi'));
  });

  it('when the results are cached, then a second start runs no test encode and no listing, and is ready at once', async () => {
    const bin = standIn('cached', ['hevc_videotoolbox']);
    const cacheFile = path.join(dir, 'cache.json');
    const first = createBuildFacts({ ffmpegPath: bin, cache: createProbeCache(cacheFile), renderNode: null });
    expect(first.hardwareEncoders()).toBeNull(); // detection runs in the background
    expect(first.state()).toBe('reading'); // what /v1/health says meanwhile
    await first.hardwareDone();
    expect(first.state()).toBe('ready');
    expect(
      first
        .hardwareEncoders()
        ?.filter((t) => t.works)
        .map((t) => t.encoder),
    ).toEqual(['hevc_videotoolbox']);
    const runs = argvLog(bin).length;
    const second = createBuildFacts({ ffmpegPath: bin, cache: createProbeCache(cacheFile), renderNode: null });
    expect(second.state()).toBe('ready'); // read from the cache file a restart finds, before anything runs
    await second.hardwareDone();
    expect(
      second
        .hardwareEncoders()
        ?.filter((t) => t.works)
        .map((t) => t.encoder),
    ).toEqual(['hevc_videotoolbox']);
    expect((await second.capabilities()).encoders.length).toBeGreaterThan(50);
    expect(argvLog(bin)).toHaveLength(runs);
  });
});

/** The real thing: this machine's GPU, if any, through the real ffmpeg. */
const renderNode = findRenderNode();
const nvidia = fs.existsSync('/dev/nvidiactl');
const gpu = process.platform === 'darwin' || nvidia || renderNode !== null;
describe('hardware encoders of this machine', () => {
  it.skipIf(!gpu)(
    `a GPU encoder works with a real test encode${gpu ? '' : ' [SKIPPED: no GPU here (no /dev/dri/renderD*, no /dev/nvidiactl, not macOS)]'}`,
    async () => {
      const caps = await readCapabilities(realFfmpeg, createProbeCache(null));
      const trials = await detectHardwareEncoders(realFfmpeg, caps.encoders);
      expect(
        trials.filter((t) => t.works),
        JSON.stringify(trials, null, 1),
      ).not.toHaveLength(0);
    },
    120_000,
  );

  it.skipIf(gpu)(
    `without a GPU, every hardware encoder the real build lists fails its test encode with a reason${gpu ? ' [SKIPPED: this machine has a GPU; the test above runs instead]' : ''}`,
    async () => {
      const caps = await readCapabilities(realFfmpeg, createProbeCache(null));
      const trials = await detectHardwareEncoders(realFfmpeg, caps.encoders);
      for (const t of trials) expect(t, JSON.stringify(t)).toMatchObject({ works: false, detail: expect.stringMatching(/\S/) });
    },
    120_000,
  );
});
