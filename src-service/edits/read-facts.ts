import path from 'node:path';
import type { Confiner } from '../media/confine';
import { probeFile } from '../media/probe';
import { toNumber } from '../media/probe-schema';
import { runProcess } from '../media/run-process';
import { parsePacketCsv, packetWindows, type CutFacts, type PacketWindow } from './facts';

type Opts = { confiner: Confiner; signal: AbortSignal };

/**
 * The facts a cut plan needs, read inside the sandbox (docs/cutting.md): streams and format,
 * and the video packets' times and keyframe flags. Packets, not frames: nothing is decoded.
 * With `segments`, only the packets around them are read (`-read_intervals`: from the keyframe
 * at or before each start to a few seconds past its end), so a cut of 20 s from a long film
 * does not read the film; the stream probe runs alongside.
 */
export async function readCutFacts(ffprobePath: string, file: string, opts: Opts, segments?: readonly { start: number; end: number }[]): Promise<CutFacts> {
  const windows = segments ? packetWindows(segments) : undefined;
  const csv = readPacketCsv(ffprobePath, file, opts, windows);
  csv.catch(() => undefined); // awaited below, once the probe says there is a video stream
  const probe = await probeFile(ffprobePath, file, { confiner: opts.confiner, signal: opts.signal, timeoutMs: 60_000 });
  const streams = probe.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && toNumber(s.disposition?.attached_pic) !== 1);
  const a = streams.find((s) => s.codec_type === 'audio');
  const duration = toNumber(probe.format?.duration) ?? toNumber(v?.duration) ?? toNumber(a?.duration) ?? 0;
  // The packet list reads the first video stream; a cover picture listed first is not it.
  const firstVideo = streams.find((s) => s.codec_type === 'video');
  const text = v ? (firstVideo === v ? await csv : await readPacketCsv(ffprobePath, file, opts, windows, String(toNumber(v.index) ?? 0))) : '';
  return {
    duration,
    ...(windows ? { windows } : {}),
    video: v
      ? {
          codec: String(v.codec_name ?? ''),
          profile: typeof v.profile === 'string' ? v.profile : undefined,
          level: toNumber(v.level) ?? undefined,
          pixFmt: v.pix_fmt,
          width: toNumber(v.width) ?? undefined,
          height: toNumber(v.height) ?? undefined,
          timeBase: v.time_base,
          bitRate: toNumber(v.bit_rate) ?? undefined,
          fieldOrder: typeof v.field_order === 'string' ? v.field_order : undefined,
          packets: dedupe(parsePacketCsv(text)),
        }
      : null,
    audio: a
      ? {
          codec: String(a.codec_name ?? ''),
          bitRate: toNumber(a.bit_rate) ?? undefined,
          tracks: streams.filter((s) => s.codec_type === 'audio').map((s) => String(s.codec_name ?? '')),
        }
      : null,
  };
}

/** Windows that overlap list some packets twice: the first listing is kept (decode order stays). */
function dedupe(packets: ReturnType<typeof parsePacketCsv>): ReturnType<typeof parsePacketCsv> {
  const seen = new Set<number>();
  return packets.filter((p) => !seen.has(p.pts) && (seen.add(p.pts), true));
}

/** `-read_intervals` of the windows: "START%END,..." in seconds (ffprobe seeks to the keyframe at or before START). */
export function readIntervals(windows: readonly PacketWindow[]): string {
  return windows.map((w) => `${w.from}%${w.to}`).join(',');
}

async function readPacketCsv(ffprobePath: string, file: string, opts: Opts, windows: readonly PacketWindow[] | undefined, stream = 'v:0'): Promise<string> {
  const absolute = path.resolve(file);
  const lines: string[] = [];
  const argv = ['-v', 'error', '-protocol_whitelist', 'file', '-select_streams', stream];
  if (windows) argv.push('-read_intervals', readIntervals(windows));
  argv.push('-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', absolute);
  const cmd = opts.confiner.wrap({ bin: ffprobePath, argv, cwd: path.dirname(absolute), writable: [], readable: [absolute], limits: { cpuSeconds: 600 } });
  const r = await runProcess(cmd, {
    cwd: path.dirname(absolute),
    signal: opts.signal,
    timeoutMs: 600_000,
    stderrTailBytes: 4096,
    onStdoutLine: (l) => lines.push(l),
  });
  opts.signal.throwIfAborted();
  if (r.exitCode !== 0) throw new Error(`ffprobe could not list the packets of ${path.basename(absolute)}: ${r.stderrTail.trim().split('\n').pop() ?? ''}`);
  return lines.join('\n');
}
