/**
 * What one ffmpeg build can do, parsed from its own listings (-encoders, -decoders, -filters,
 * -muxers, -demuxers, -protocols, -hwaccels, -h full). The parsers follow the layout those
 * listings have had since FFmpeg 4 (checked against a 2018 git build and 5.1).
 */
export type MediaType = 'video' | 'audio' | 'subtitle' | 'data' | 'attachment';

export interface CodecEntry {
  name: string;
  type: MediaType;
  description: string;
}

export interface FilterEntry {
  name: string;
  /** "V->V", "AA->A", "|->V" (a source), "N->V" (dynamic). */
  io: string;
  description: string;
}

export interface FormatEntry {
  name: string;
  description: string;
}

export interface Capabilities {
  encoders: CodecEntry[];
  decoders: CodecEntry[];
  filters: FilterEntry[];
  muxers: FormatEntry[];
  demuxers: FormatEntry[];
  protocols: { input: string[]; output: string[] };
  hwaccels: string[];
  /** Every option name `-h full` lists (global, per-file and per-codec/format AVOptions), without the dash. */
  options: string[];
}

/** The listing flags each argument prints, in the order `readCapabilities` asks for them. */
export const LISTINGS = ['-encoders', '-decoders', '-filters', '-muxers', '-demuxers', '-protocols', '-hwaccels'] as const;

const TYPES: Record<string, MediaType> = { V: 'video', A: 'audio', S: 'subtitle', D: 'data', T: 'attachment' };

/** " V....D libx264              libx264 H.264 ... (codec h264)" after the " ------" line. */
export function parseCodecList(text: string): CodecEntry[] {
  const out: CodecEntry[] = [];
  for (const line of afterRule(text, /^\s*-{6}\s*$/)) {
    const m = /^\s*([VASDT])[.A-Z]{5}\s+(\S+)\s*(.*)$/.exec(line);
    const type = m?.[1] ? TYPES[m[1]] : undefined;
    if (m?.[2] && type) out.push({ name: m[2], type, description: m[3]?.trim() ?? '' });
  }
  return out;
}

/** " TSC scale             V->V       Scale the input video size ..." (no rule line; flags then io). */
export function parseFilterList(text: string): FilterEntry[] {
  const out: FilterEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*[T.][S.][C.]\s+(\S+)\s+(\S*->\S*)\s+(.*)$/.exec(line);
    if (m?.[1]) out.push({ name: m[1], io: m[2] ?? '', description: m[3]?.trim() ?? '' });
  }
  return out;
}

/** "  E mp4             MP4 (MPEG-4 Part 14)" / " D  mov,mp4,m4a,3gp  QuickTime / MOV" after the " --" line; names split at commas. */
export function parseFormatList(text: string): FormatEntry[] {
  const out: FormatEntry[] = [];
  for (const line of afterRule(text, /^\s*--\s*$/)) {
    const m = /^\s([D ])([E ])\s?\s(\S+)\s*(.*)$/.exec(line);
    if (!m?.[3]) continue;
    for (const name of m[3].split(',')) if (name) out.push({ name, description: m[4]?.trim() ?? '' });
  }
  return out;
}

/** "Supported file protocols:\nInput:\n  file\n ...\nOutput:\n  file ..." */
export function parseProtocols(text: string): { input: string[]; output: string[] } {
  const out = { input: [] as string[], output: [] as string[] };
  let side: 'input' | 'output' | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^Input:/.test(line)) side = 'input';
    else if (/^Output:/.test(line)) side = 'output';
    else if (side && /^\s+\S+\s*$/.test(line)) out[side].push(line.trim());
  }
  return out;
}

/** "Hardware acceleration methods:\nvdpau\ncuda\n..." */
export function parseHwaccels(text: string): string[] {
  return text
    .split(/\r?\n/)
    .slice(text.includes(':') ? text.split(/\r?\n/).findIndex((l) => l.includes(':')) + 1 : 0)
    .map((l) => l.trim())
    .filter((l) => /^[a-z0-9_]+$/i.test(l));
}

/**
 * Option names from `-h full`: lines like "-ss time_off  start ..." or "  -crf  <float>  E..V...";
 * encoders' own options may hold hyphens ("  -cpu-used  <int>" of libvpx).
 * `-i` is only shown in the usage line, so it is added here. A boolean option also takes a
 * `no` prefix (`-nostdin`), which the listing does not spell out: checkers must allow it.
 */
export function parseOptionNames(text: string): string[] {
  const names = new Set<string>(['i']);
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s{0,2}-([A-Za-z0-9_][A-Za-z0-9_-]*)(?:\[:<stream_spec>\])?[\s:]/.exec(line);
    if (m?.[1]) names.add(m[1]);
  }
  return [...names].sort();
}

function afterRule(text: string, rule: RegExp): string[] {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => rule.test(l));
  return at === -1 ? [] : lines.slice(at + 1);
}

/** All listings parsed, keyed like Capabilities. */
export function parseCapabilities(listings: Record<(typeof LISTINGS)[number] | '-h full', string>): Capabilities {
  return {
    encoders: parseCodecList(listings['-encoders']),
    decoders: parseCodecList(listings['-decoders']),
    filters: parseFilterList(listings['-filters']),
    muxers: parseFormatList(listings['-muxers']),
    demuxers: parseFormatList(listings['-demuxers']),
    protocols: parseProtocols(listings['-protocols']),
    hwaccels: parseHwaccels(listings['-hwaccels']),
    options: parseOptionNames(listings['-h full']),
  };
}
