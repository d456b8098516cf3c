import path from 'node:path';
import type { Confiner } from '../media/confine';
import { probeFile } from '../media/probe';
import { toNumber } from '../media/probe-schema';
import { runProcess } from '../media/run-process';
import { parsePacketCsv, type CutFacts } from './facts';

/**
 * The facts a cut plan needs, read inside the sandbox (docs/cutting.md): streams and format,
 * then the video packets' times and keyframe flags. Packets, not frames: nothing is decoded,
 * so a two-hour film answers in seconds. Kept small so a cache of stored files' keyframes can
 * stand in for the packet read later.
 */
export async function readCutFacts(ffprobePath: string, file: string, opts: { confiner: Confiner; signal: AbortSignal }): Promise<CutFacts> {
  const probe = await probeFile(ffprobePath, file, { confiner: opts.confiner, signal: opts.signal, timeoutMs: 60_000 });
  const streams = probe.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && toNumber(s.disposition?.attached_pic) !== 1);
  const a = streams.find((s) => s.codec_type === 'audio');
  const duration = toNumber(probe.format?.duration) ?? toNumber(v?.duration) ?? toNumber(a?.duration) ?? 0;
  const packets = v ? parsePacketCsv(await readPacketCsv(ffprobePath, file, opts)) : [];
  return {
    duration,
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
          packets,
        }
      : null,
    audio: a ? { codec: String(a.codec_name ?? ''), bitRate: toNumber(a.bit_rate) ?? undefined } : null,
  };
}

async function readPacketCsv(ffprobePath: string, file: string, opts: { confiner: Confiner; signal: AbortSignal }): Promise<string> {
  const absolute = path.resolve(file);
  const lines: string[] = [];
  const argv = ['-v', 'error', '-protocol_whitelist', 'file', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', absolute];
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
