import path from 'node:path';
import type { Confiner } from '../media/confine';
import { probeFile } from '../media/probe';
import { toNumber } from '../media/probe-schema';
import { runProcess } from '../media/run-process';
import { parsePacketCsv, packetWindows, type CutFacts, type PacketWindow } from './facts';
import { runConfined } from '../facts/run-confined';
import { seekLeadOf, sinceStart, startShift } from '../facts/stream-facts';
import { MAX_TRACK_TEXT, PICTURE_SEEK_MARGIN, parseAss, parseSrt, readFormatOf, type SubtitleEvent, type SubtitleTrack } from './subtitles';
import { PICTURE_SUBTITLES } from '../media/tracks';
import type { ProbeStream } from '../media/probe-schema';

type Opts = {
  confiner: Confiner;
  signal: AbortSignal;
  /** Read the subtitle tracks' events up to this second of the input, with this ffmpeg (the output keeps subtitles). */
  subtitles?: SubtitlesToRead;
};

/** Which subtitle tracks' events a cut reads: up to `until` seconds, with this ffmpeg; only `tracks` (1-based among subtitle streams) when given. */
export interface SubtitlesToRead {
  ffmpegPath: string;
  until: number;
  tracks?: readonly number[];
  /** The output keeps picture tracks (plan-edit.ts keepsPictures): their packet times around each in point are read too. */
  pictures?: boolean;
}

/**
 * The facts a cut plan needs, read inside the sandbox (docs/cutting.md): streams and format,
 * and the video packets' times and keyframe flags. Packets, not frames: nothing is decoded.
 * With `segments`, only the packets around them are read (`-read_intervals`: from the keyframe
 * at or before each start to a few seconds past its end), so a cut of 20 s from a long film
 * does not read the film; the stream probe runs alongside. The subtitle tracks are listed, and
 * read when `opts.subtitles` asks (readSubtitleTrack).
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
  // Times are the source's own (ffprobe's pts) until here; a cut's are counted from the container's
  // start, as ffmpeg's -ss and players count them (an MPEG-TS starts at 1.4 s or more). The windows
  // were read as if it started at zero: read again, moved, where it does not.
  const start = toNumber(probe.format?.start_time) ?? 0;
  const shift = startShift(start);
  // A window counted from the start, back in the source's own times (the shift the other way).
  const read = shift !== 0 && windows ? windows.map((w) => ({ from: sinceStart(w.from, -shift), to: sinceStart(w.to, -shift) })) : windows;
  const subtitleStreams = streams.filter((s) => s.codec_type === 'subtitle');
  const audioStreams = streams.filter((s) => s.codec_type === 'audio');
  // A track the edit leaves out (subtitle_tracks) is listed, not read: the plan drops it by its place.
  const wanted = (k: number) => !opts.subtitles?.tracks || opts.subtitles.tracks.includes(k + 1);
  const subtitles =
    subtitleStreams.length > 0
      ? Promise.all(subtitleStreams.map((s, k) => readSubtitleTrack(file, s, wanted(k) ? opts : { ...opts, subtitles: undefined }, shift)))
      : null;
  const stream = firstVideo === v ? 'v:0' : String(toNumber(v?.index) ?? 0);
  const text = v ? (stream === 'v:0' && read === windows ? await csv : await readPacketCsv(ffprobePath, file, opts, read, stream)) : '';
  const lead = seekLeadOf(probe.format?.format_name, streams);
  const attachments = streams.filter((s) => s.codec_type === 'attachment').length;
  return {
    duration,
    ...(attachments > 0 ? { attachments } : {}),
    ...(windows ? { windows } : {}),
    ...(lead > 0 ? { seekLead: lead } : {}),
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
          packets: dedupe(parsePacketCsv(text)).map((p) => ({ ...p, pts: sinceStart(p.pts, shift) })),
        }
      : null,
    audio: a
      ? {
          codec: String(a.codec_name ?? ''),
          bitRate: toNumber(a.bit_rate) ?? undefined,
          tracks: audioStreams.map((s) => String(s.codec_name ?? '')),
          trackBitRates: audioStreams.map((s) => toNumber(s.bit_rate) ?? null),
          trackChannels: audioStreams.map((s) => toNumber(s.channels) ?? null),
        }
      : null,
    ...(subtitles ? { subtitles: await withPicturePackets(ffprobePath, file, opts, await subtitles, segments, shift) } : {}),
  };
}

/**
 * The packet times of the picture tracks a cut keeps (read: `pictureStream` set, and the output
 * keeps pictures), from PICTURE_SEEK_MARGIN before each segment's start to that start (every packet without
 * segments): the picture on screen at an in point is the last of them (plan-edit.ts). One ffprobe
 * run for every subtitle stream; picture tracks are sparse (one packet per shown or cleared picture).
 */
async function withPicturePackets(
  ffprobePath: string,
  file: string,
  opts: Opts,
  tracks: SubtitleTrack[],
  segments: readonly { start: number }[] | undefined,
  shift: number,
): Promise<SubtitleTrack[]> {
  const isPicture = (t: SubtitleTrack) => t.pictureStream !== undefined && !t.skipped;
  if (!opts.subtitles?.pictures || !tracks.some(isPicture)) return tracks;
  const windows = segments?.map((s) => ({ from: sinceStart(Math.max(0, s.start - PICTURE_SEEK_MARGIN), -shift), to: sinceStart(s.start, -shift) }));
  const { lines, exitCode } = await listPackets(ffprobePath, file, opts, windows, 's', 'stream_index,pts_time');
  // Unread, the cut still keeps the pictures from each in point on, as before this list existed.
  if (exitCode !== 0) return tracks;
  const times = new Map<number, number[]>();
  for (const line of lines) {
    const [index, pts] = line.trim().split(',').map(Number);
    if (!Number.isInteger(index) || !Number.isFinite(pts)) continue;
    const list = times.get(index as number) ?? [];
    list.push(sinceStart(pts as number, shift));
    times.set(index as number, list);
  }
  return tracks.map((t) => (isPicture(t) ? { ...t, packetTimes: [...new Set(times.get(t.pictureStream as number) ?? [])].sort((a, b) => a - b) } : t));
}

const tagOf = (s: ProbeStream, key: string): string | undefined => {
  const v = s.tags?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : undefined;
};

/**
 * One subtitle track's events (docs/cutting.md, "Subtitles"): a text track is decoded by a
 * sandboxed ffmpeg to SRT (ASS for the ASS family, styles kept) on its stdout, up to `until`; a
 * picture-based track, or one whose text passes the cap, comes back with the reason it is left out.
 * Without `opts.subtitles` (the output holds none) only the track's codec and tags are listed.
 */
async function readSubtitleTrack(file: string, s: ProbeStream, opts: Opts, shift: number): Promise<SubtitleTrack> {
  const codec = String(s.codec_name ?? '');
  const format = readFormatOf(codec);
  const meta = {
    codec,
    format,
    ...(tagOf(s, 'language') ? { language: tagOf(s, 'language') } : {}),
    ...(tagOf(s, 'title') ? { title: tagOf(s, 'title') } : {}),
  };
  const index = toNumber(s.index) ?? 0;
  if (!opts.subtitles) return { ...meta, events: [] };
  if (!format && PICTURE_SUBTITLES.has(codec)) return { ...meta, events: [], pictureStream: index };
  if (!format) return { ...meta, events: [], skipped: `subtitle track ${index} (${codec}) is in a form FFDesk does not cut` };
  const lines: string[] = [];
  let size = 0;
  const until = String(Math.ceil(opts.subtitles.until + shift + 1));
  // -copyts: the events keep the source's own times, moved below by the container's start as the packets are.
  const argv = ['-v', 'error', '-nostdin', '-protocol_whitelist', 'file', '-copyts', '-i', path.resolve(file), '-map', `0:${index}`];
  argv.push('-c:s', format, '-to', until, '-f', format, 'pipe:1');
  const onStdoutLine = (l: string) => {
    size += l.length + 1;
    if (size <= MAX_TRACK_TEXT) lines.push(l);
  };
  const what = `subtitle track ${index} (${codec})`;
  try {
    await runConfined({
      confiner: opts.confiner,
      bin: opts.subtitles.ffmpegPath,
      argv,
      input: path.resolve(file),
      timeoutMs: 600_000,
      signal: opts.signal,
      onStdoutLine,
      what,
    });
  } catch (err) {
    opts.signal.throwIfAborted();
    return { ...meta, events: [], skipped: `${(err as Error).message}` };
  }
  if (size > MAX_TRACK_TEXT) return { ...meta, events: [], skipped: `${what} holds more than ${MAX_TRACK_TEXT >> 20} MiB of text` };
  const text = lines.join('\n');
  const moved = (events: SubtitleEvent[]) => events.map((e) => ({ ...e, start: sinceStart(e.start, shift), end: sinceStart(e.end, shift) }));
  if (format === 'ass') {
    const ass = parseAss(text);
    return { ...meta, header: ass.header, events: moved(ass.events) };
  }
  return { ...meta, events: moved(parseSrt(text)) };
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
  const r = await listPackets(ffprobePath, file, opts, windows, stream, 'pts_time,dts_time,flags');
  if (r.exitCode !== 0) throw new Error(`ffprobe could not list the packets of ${path.basename(file)}: ${r.stderrTail.trim().split('\n').pop() ?? ''}`);
  return r.lines.join('\n');
}

/** A sandboxed ffprobe's CSV lines of the `entries` of every packet of `stream` (in `windows` only, when given). */
async function listPackets(
  ffprobePath: string,
  file: string,
  opts: Opts,
  windows: readonly PacketWindow[] | undefined,
  stream: string,
  entries: string,
): Promise<{ lines: string[]; exitCode: number | null; stderrTail: string }> {
  const absolute = path.resolve(file);
  const lines: string[] = [];
  const argv = ['-v', 'error', '-protocol_whitelist', 'file', '-select_streams', stream];
  if (windows) argv.push('-read_intervals', readIntervals(windows));
  argv.push('-show_entries', `packet=${entries}`, '-of', 'csv=p=0', absolute);
  const cmd = opts.confiner.wrap({ bin: ffprobePath, argv, cwd: path.dirname(absolute), writable: [], readable: [absolute], limits: { cpuSeconds: 600 } });
  const r = await runProcess(cmd, {
    cwd: path.dirname(absolute),
    signal: opts.signal,
    timeoutMs: 600_000,
    stderrTailBytes: 4096,
    onStdoutLine: (l) => lines.push(l),
  });
  opts.signal.throwIfAborted();
  return { lines, exitCode: r.exitCode, stderrTail: r.stderrTail };
}
