import path from 'node:path';
import { ffmpeg } from './media';

/**
 * Sources for the exactness table (docs/cutting.md): 160x90, 8 s, a keyframe every 2 s,
 * B-frames, AAC audio; H.264 (High; Main at 29.97) at 25, 29.97 and a variable frame rate, the 25 fps one in Matroska and MPEG-TS too,
 * a 60 fps one remuxed from Matroska to MP4,
 * H.265 with open GOPs (x265's default) and with closed ones. Made with ffmpeg at test time.
 */
export interface CutSource {
  name: string;
  file: string;
  /** Nominal frame duration (seconds): cut points one frame either side of a keyframe. */
  frame: number;
  /** Seconds between keyframes. */
  gop: number;
  /**
   * Its video packets as a length-prefixed container holds them, where the file's own framing
   * differs (MPEG-TS: start codes): what a copied GOP is compared with, byte for byte.
   */
  packets?: string;
}

const AUDIO = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8:sample_rate=48000'];
const AAC = ['-c:a', 'aac', '-b:a', '64k', '-shortest'];
const X264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-bf', '3', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'];

export function makeCutSources(dir: string): CutSource[] {
  const at = (name: string) => path.join(dir, name);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=8', ...AUDIO, ...X264, '-g', '50', '-keyint_min', '50', ...AAC, at('h264-25.mp4')]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x90:rate=30000/1001:duration=8',
    ...AUDIO,
    ...X264,
    // Main profile (CABAC and B-frames, no 8x8 transform), where the others are High: the edges must declare it too.
    '-profile:v',
    'main',
    '-g',
    '60',
    '-keyint_min',
    '60',
    ...AAC,
    at('h264-2997.mp4'),
  ]);
  // Variable frame rate: every fifth frame dropped; keyframes forced every 2 s as IDR.
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x90:rate=25:duration=8',
    ...AUDIO,
    '-vf',
    "select='not(eq(mod(n,5),3))'",
    '-fps_mode',
    'vfr',
    ...X264,
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-forced-idr',
    '1',
    ...AAC,
    at('h264-vfr.mp4'),
  ]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x90:rate=25:duration=8',
    ...AUDIO,
    '-c:v',
    'libx265',
    '-preset',
    'veryfast',
    '-x265-params',
    'keyint=50:min-keyint=50:scenecut=0:bframes=3:log-level=error',
    '-pix_fmt',
    'yuv420p',
    ...AAC,
    at('hevc-25.mp4'),
  ]);
  // Closed GOPs, and coding tools x265's defaults for the edges do not use (32-pixel CTUs, no SAO,
  // no strong intra smoothing): a copied GOP decoded with the edges' parameter sets would break.
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x90:rate=25:duration=8',
    ...AUDIO,
    '-c:v',
    'libx265',
    '-preset',
    'veryfast',
    '-x265-params',
    'keyint=50:min-keyint=50:scenecut=0:bframes=3:open-gop=0:ctu=32:sao=0:strong-intra-smoothing=0:log-level=error',
    '-pix_fmt',
    'yuv420p',
    ...AAC,
    at('hevc-closed.mp4'),
  ]);
  // The 25 fps H.264 in Matroska (as OBS records): ffmpeg seeks it by decode time (docs/cutting.md,
  // "Inputs other than MP4/MOV"). Its video keeps the MP4's times (keyframes at 0, 2, 4 s) and its
  // audio starts 21 ms before (the AAC priming), so the file starts below zero as well.
  ffmpeg(['-i', at('h264-25.mp4'), '-map', '0', '-c', 'copy', '-avoid_negative_ts', 'disabled', at('h264-25.mkv')]);
  // And in MPEG-TS: its times start at 1.4 s, and a cut counts them from there, as ffmpeg and players do.
  ffmpeg(['-i', at('h264-25.mp4'), '-map', '0', '-c', 'copy', at('h264-25.ts')]);
  ffmpeg(['-i', at('h264-25.ts'), '-map', '0', '-c', 'copy', '-avoid_negative_ts', 'disabled', at('h264-25-ts-packets.mkv')]);
  // As a phone records portrait video: landscape pixels and a display matrix turning them 90°.
  ffmpeg(['-i', at('h264-25.mp4'), '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', at('h264-25-rot90.mp4')]);
  // A 60 fps recording in Matroska remuxed to MP4 (as OBS's "Remux to MP4" does): its video starts
  // 21 ms in (after the AAC priming) on a 1/16000 time base, where a frame is 266.67 ticks, so its
  // keyframes are indexed a fraction of a tick off their times (docs/cutting.md). The pattern moves
  // as much per frame as at 24 fps, so a frame still differs clearly from its neighbours.
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=24:duration=20,settb=1/60,setpts=N', ...AUDIO, ...X264, '-g', '120', '-keyint_min', '120', ...AAC],
    at('h264-60.mkv'),
  ]);
  ffmpeg(['-i', at('h264-60.mkv'), '-map', '0', '-c', 'copy', at('h264-60-remuxed.mp4')]);
  // The same at 29.97 fps with 100-frame GOPs: its keyframe at 6.694 s is indexed 0.75 ms late, past
  // the hair a tail starting there used to seek by.
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=30000/1001:duration=8', ...AUDIO, ...X264, '-g', '100', '-keyint_min', '100', ...AAC],
    at('h264-2997-g100.mkv'),
  ]);
  ffmpeg(['-i', at('h264-2997-g100.mkv'), '-map', '0', '-c', 'copy', at('h264-2997-remuxed.mp4')]);
  ffmpeg([...AUDIO, '-c:a', 'aac', '-b:a', '64k', at('audio.m4a')]);
  return [
    { name: 'h264-25.mp4', file: at('h264-25.mp4'), frame: 0.04, gop: 2 },
    { name: 'h264-25.mkv', file: at('h264-25.mkv'), frame: 0.04, gop: 2 },
    { name: 'h264-25-rot90.mp4', file: at('h264-25-rot90.mp4'), frame: 0.04, gop: 2 },
    { name: 'h264-25.ts', file: at('h264-25.ts'), frame: 0.04, gop: 2, packets: at('h264-25-ts-packets.mkv') },
    { name: 'h264-2997.mp4', file: at('h264-2997.mp4'), frame: 1001 / 30000, gop: 2.002 },
    { name: 'h264-vfr.mp4', file: at('h264-vfr.mp4'), frame: 0.04, gop: 2 },
    { name: 'h264-60-remuxed.mp4', file: at('h264-60-remuxed.mp4'), frame: 1 / 60, gop: 2 },
    { name: 'h264-2997-remuxed.mp4', file: at('h264-2997-remuxed.mp4'), frame: 1001 / 30000, gop: 100 * (1001 / 30000) },
    { name: 'hevc-25.mp4', file: at('hevc-25.mp4'), frame: 0.04, gop: 2 },
    { name: 'hevc-closed.mp4', file: at('hevc-closed.mp4'), frame: 0.04, gop: 2 },
  ];
}
