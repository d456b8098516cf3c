import path from 'node:path';
import { classify, contentStreams, fileFormatOf, type FileType } from './file-kind';
import { audioDetails, imageDetails, videoDetails, type MediaDetails } from './media-fields';
import { DEFAULT_MIME_TYPE, extensionOf, mimeTypeFor } from './mime-types';
import { ProbeResultSchema, type ProbeResult } from './probe-schema';
import type { Confiner } from './confine';
import { runProcess } from './run-process';

export { mimeTypeFor } from './mime-types';
export type { FileType } from './file-kind';
export type { ProbeResult } from './probe-schema';

/** The media fields of a stored-file record (docs/api.md §2.2 + docs/choices.md: Records). Keys that do not apply are absent. */
export interface MediaFields extends MediaDetails {
  file_type: FileType;
  file_format?: string;
  mime_type: string;
  size_mbytes: number;
}

const DEFAULT_PROBE_TIMEOUT_MS = 60_000;
/** ffprobe's JSON for format + streams is a few KiB; a file stuffed with huge tags is cut off here. */
const MAX_PROBE_OUTPUT_CHARS = 8 * 1024 * 1024;

export interface ProbeOptions {
  /** The sandbox ffprobe runs in (docs/sandbox.md). */
  confiner: Confiner;
  /**
   * What ffprobe may see, read-only: the file alone (default), or its folder too, for a
   * playlist whose segments sit beside it (a command's own output folder; never a folder
   * shared with other files, like the uploads staging area).
   */
  sees?: 'file' | 'folder';
  /**
   * A probe set up before its file exists (an output probe made ready while ffmpeg runs: docs/performance.md,
   * "Output probes made ready"): the sandbox binds this folder read-only (the job folder, which
   * holds the file once written) instead of `sees`, and ffprobe starts when `gate` resolves true
   * (false: it never runs and the probe rejects). Only where `confiner.canStartOnInput()`.
   */
  ready?: { folder: string; gate: Promise<boolean> };
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Runs `ffprobe -v error -print_format json -show_format -show_streams` on a local file.
 * Rejects when ffprobe cannot read it, cannot be confined, times out, is aborted, or prints
 * something the schema rejects; callers that store anything treat that as "not media"
 * (mapProbe(null)).
 */
export async function probeFile(ffprobePath: string, filePath: string, opts: ProbeOptions): Promise<ProbeResult> {
  // Absolute, so a name starting with "-" is never an option and "x:y.mp4" never a protocol.
  const absolute = path.resolve(filePath);
  const tooLarge = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, tooLarge.signal]) : tooLarge.signal;
  const lines: string[] = [];
  let chars = 0;
  const argv = [
    '-v',
    'error',
    // Local files only: a stored playlist must not make ffprobe fetch its segments from the network.
    '-protocol_whitelist',
    'file,crypto,data',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    absolute,
  ];
  const timeoutMs = opts.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const ready = opts.ready;
  const cwd = ready ? ready.folder : path.dirname(absolute);
  const cmd = opts.confiner.wrap({
    bin: ffprobePath,
    argv,
    cwd,
    writable: [],
    readable: [ready ? ready.folder : opts.sees === 'folder' ? path.dirname(absolute) : absolute],
    limits: { cpuSeconds: Math.ceil(timeoutMs / 1000) },
    startOnInput: ready !== undefined,
  });
  const r = await runProcess(cmd, {
    cwd,
    gate: ready?.gate,
    signal,
    timeoutMs,
    stderrTailBytes: 4096,
    onStdoutLine: (line) => {
      chars += line.length + 1;
      if (chars > MAX_PROBE_OUTPUT_CHARS) tooLarge.abort();
      else lines.push(line);
    },
  });
  opts.signal?.throwIfAborted();
  const name = path.basename(absolute);
  if (tooLarge.signal.aborted) throw new Error(`ffprobe output for ${name} exceeds ${MAX_PROBE_OUTPUT_CHARS} characters`);
  if (r.timedOut) throw new Error(`ffprobe timed out on ${name}`);
  // ffprobe's last line names the path it was given ("<path>: Invalid data found when processing input"): said once, as the name.
  const last = r.stderrTail.trim().split('\n').pop() ?? '';
  if (r.exitCode !== 0) throw new Error(`ffprobe could not read ${name}: ${last.startsWith(`${absolute}: `) ? last.slice(absolute.length + 2) : last}`);
  return parseProbeJson(lines.join('\n'));
}

/** Validates ffprobe's JSON output. */
export function parseProbeJson(text: string): ProbeResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error('ffprobe printed invalid JSON', { cause: err });
  }
  const parsed = ProbeResultSchema.safeParse(json);
  if (!parsed.success) throw new Error(`ffprobe JSON has an unexpected shape: ${parsed.error.message}`, { cause: parsed.error });
  return parsed.data;
}

/**
 * Pure: ffprobe's view of a file (null when it could not be probed) to record fields.
 * `fileName` supplies the extension (file_format, mime_type, zip/manifest/subtitles).
 * A playlist manifest keeps the media fields ffprobe found through it (duration, size...).
 */
export function mapProbe(probe: ProbeResult | null, fileName: string, sizeBytes: number): MediaFields {
  const ext = extensionOf(fileName);
  const fileType = classify(ext, probe);
  const fileFormat = fileFormatOf(ext, probe);
  const byName = mimeTypeFor(fileName);
  const fields: MediaFields = {
    file_type: fileType,
    file_format: fileFormat,
    mime_type: byName === DEFAULT_MIME_TYPE && fileFormat ? mimeTypeFor(`file.${fileFormat}`) : byName,
    size_mbytes: Math.round((sizeBytes / 1048576) * 1e6) / 1e6,
    ...(probe ? detailsFor(fileType, probe) : {}),
  };
  return withoutAbsentKeys(fields);
}

function detailsFor(fileType: FileType, probe: ProbeResult): MediaDetails {
  const streams = contentStreams(probe);
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (fileType === 'image') return video ? imageDetails(probe, video) : {};
  if (fileType !== 'video' && fileType !== 'audio' && fileType !== 'output_manifest') return {};
  if (video && fileType !== 'audio') return videoDetails(probe, video);
  return audio ? audioDetails(probe, audio) : {};
}

/** docs/choices.md, Records: "fields that do not apply are left out (not null)". */
function withoutAbsentKeys<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== null)) as T;
}
