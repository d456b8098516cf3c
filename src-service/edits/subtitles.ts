/**
 * Subtitle tracks through a cut (docs/cutting.md, "Subtitles"). A text track is read whole as
 * SRT or ASS text by a sandboxed ffmpeg (read-facts.ts), and its events are cut here, in the
 * same frame-exact times as the picture: an event on screen at a cut point is kept and
 * trimmed to it, each segment's events move to where that segment lands in the output, and the
 * result is one small subtitle file per track that the join muxes in. Picture-based tracks
 * (PGS, DVD, DVB) cannot be cut this way and are left out, which the record says.
 *
 * The text comes out of a hostile file: it is only split into events and written back as text,
 * with times re-formatted from parsed numbers; a track over the size cap is left out whole.
 */

/** One event: seconds of the input, and what it shows (SRT: its text lines; ASS: the Dialogue fields after End). */
export interface SubtitleEvent {
  start: number;
  end: number;
  body: string;
}

export interface SubtitleTrack {
  /** ffprobe's codec name of the source track. */
  codec: string;
  /** How it was read: SRT text, ASS text (styles kept), or not at all (a picture-based track). */
  format: 'srt' | 'ass' | null;
  language?: string;
  title?: string;
  /** ASS: everything before the events (script info, styles, the Format line). */
  header?: string;
  events: SubtitleEvent[];
  /** Why the track is not kept, when it is not. */
  skipped?: string;
  /** A picture-based track (PICTURE_SUBTITLES): its stream index in the source, whose packets a Matroska output copies. */
  pictureStream?: number;
  /**
   * A picture track's packet times (seconds from the container's start, rising), read from
   * PICTURE_SEEK_MARGIN before each segment's start to that start: the picture on screen at an in
   * point is the last of them (plan-edit.ts pictureSubtitles).
   */
  packetTimes?: number[];
}

/** How far before an in point a picture track is read: the picture on screen there was shown within it (a longer one is not kept at the cut). */
export const PICTURE_SEEK_MARGIN = 10;

/** Text subtitle codecs ffmpeg decodes (read as SRT, or as ASS for the ASS family). */
const TEXT_CODECS = new Set([
  'subrip',
  'srt',
  'ass',
  'ssa',
  'mov_text',
  'webvtt',
  'text',
  'microdvd',
  'subviewer',
  'subviewer1',
  'jacosub',
  'realtext',
  'sami',
  'stl',
  'mpl2',
  'pjs',
  'vplayer',
]);

/** How a source track is read: ASS keeps the ASS family's styles, every other text track is read as SRT. */
export function readFormatOf(codec: string): 'srt' | 'ass' | null {
  if (!TEXT_CODECS.has(codec)) return null;
  return codec === 'ass' || codec === 'ssa' ? 'ass' : 'srt';
}

/** The most subtitle text read from one track (bytes of SRT/ASS); a larger track is left out. */
export const MAX_TRACK_TEXT = 8 * 1024 * 1024;

const SRT_TIME = /^(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})$/;
const ASS_TIME = /^(\d+):(\d{1,2}):(\d{1,2})\.(\d{1,3})$/;

function clock(re: RegExp, s: string): number | null {
  const m = re.exec(s.trim());
  if (!m) return null;
  const [h, mi, se, frac] = m.slice(1) as [string, string, string, string];
  return Number(h) * 3600 + Number(mi) * 60 + Number(se) + Number(frac) / 10 ** frac.length;
}

/** SRT text (as ffmpeg writes it) to events; blocks without a valid timing line are skipped. */
export function parseSrt(text: string): SubtitleEvent[] {
  const out: SubtitleEvent[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [a, b] = (lines[at] as string).split('-->');
    const start = clock(SRT_TIME, a ?? '');
    const end = clock(SRT_TIME, (b ?? '').trim().split(/\s+/)[0] ?? '');
    const body = lines
      .slice(at + 1)
      .join('\n')
      .trim();
    if (start === null || end === null || end <= start || !body) continue;
    out.push({ start, end, body });
  }
  return out;
}

/** ASS text to its header and Dialogue events (the fields after Start and End: Style, Name, margins, Effect, Text). */
export function parseAss(text: string): { header: string; events: SubtitleEvent[] } {
  const header: string[] = [];
  const events: SubtitleEvent[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.startsWith('Dialogue:')) {
      if (events.length === 0 && line.trim() !== '') header.push(line);
      continue;
    }
    // Dialogue: Layer,Start,End,Style,Name,MarginL,MarginR,MarginV,Effect,Text (Text may hold commas)
    const fields = line.slice('Dialogue:'.length).split(',');
    if (fields.length < 10) continue;
    const start = clock(ASS_TIME, fields[1] ?? '');
    const end = clock(ASS_TIME, fields[2] ?? '');
    if (start === null || end === null || end <= start) continue;
    events.push({ start, end, body: [(fields[0] ?? '0').trim(), ...fields.slice(3)].join(',') });
  }
  return { header: header.join('\n'), events };
}

/** The parts of the input an output is made of, in its order: seconds of the input. */
export interface CutSpan {
  start: number;
  end: number;
}

/**
 * The events of `spans`, on the output's timeline: an event overlapping a span is kept,
 * trimmed to it, and moved by where that span starts in the output. An event shorter than a
 * millisecond after trimming is dropped.
 */
export function cutEvents(events: readonly SubtitleEvent[], spans: readonly CutSpan[]): SubtitleEvent[] {
  const out: SubtitleEvent[] = [];
  let offset = 0;
  for (const span of spans) {
    for (const e of events) {
      const start = Math.max(e.start, span.start);
      const end = Math.min(e.end, span.end);
      if (end - start < 0.001) continue;
      out.push({ start: start - span.start + offset, end: end - span.start + offset, body: e.body });
    }
    offset += span.end - span.start;
  }
  return out.sort((a, b) => a.start - b.start);
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function split(t: number, unit: number): [number, number, number, number] {
  const ticks = Math.max(0, Math.round(t * unit));
  const frac = ticks % unit;
  const s = Math.floor(ticks / unit);
  return [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60, frac];
}

const srtTime = (t: number) => {
  const [h, m, s, ms] = split(t, 1000);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)},${pad(ms, 3)}`;
};
const assTime = (t: number) => {
  const [h, m, s, cs] = split(t, 100);
  return `${h}:${pad(m, 2)}:${pad(s, 2)}.${pad(cs, 2)}`;
};

/** The track's events cut to `spans`, as the text of an .srt or .ass file. */
export function writeCut(track: SubtitleTrack, spans: readonly CutSpan[]): string {
  const events = cutEvents(track.events, spans);
  if (track.format === 'ass') {
    const lines = events.map((e) => {
      const [layer, ...rest] = e.body.split(',');
      return `Dialogue: ${layer},${assTime(e.start)},${assTime(e.end)},${rest.join(',')}`;
    });
    return `${track.header ?? ''}\n${lines.join('\n')}\n`;
  }
  return events.map((e, i) => `${i + 1}\n${srtTime(e.start)} --> ${srtTime(e.end)}\n${e.body}\n`).join('\n');
}
