import type { CommandRecord } from '../../../../src-service/client';
import { formatRunTime } from '../../lib/format';
// The service's own table of what each output extension holds (an image: a frame capture).
import { containerOf, isExactSoundCut } from '../../../../src-service/edits/output-container';

const CUT_WORDS = { smart: 'smart', lossless: 'lossless', reencode: 're-encode' } as const;
type CutMode = keyof typeof CUT_WORDS;

/**
 * What kind of job this is, in an editor's words: a cut from the Cut screen (or POST /v1/edits)
 * says "Cut" and how, not the "chained" its plan ran as (docs/gui.md, "Small things").
 */
export function jobKind(record: CommandRecord): string {
  // The request as sent: a POST /v1/edits body is echoed as it came (docs/cutting.md).
  const req: Record<string, unknown> = record.original_request;
  if (record.edit || (Array.isArray(req.segments) && typeof req.input === 'string')) {
    // An image output is a frame capture (the Cut screen's C; docs/cutting.md, "Output formats").
    const filename = (req.output as { filename?: unknown } | undefined)?.filename;
    if (typeof filename === 'string' && containerOf(filename)?.isImage)
      return Array.isArray(req.segments) && req.segments.length > 1 ? 'Frame captures' : 'Frame capture';
    const asked = (record.edit?.mode ?? (typeof req.mode === 'string' ? req.mode : 'smart')) as CutMode;
    if (typeof filename === 'string' && isExactSoundCut(asked, containerOf(filename))) return 'Cut (exact)';
    const used = record.edit?.mode_used ?? asked;
    const how = used === asked ? CUT_WORDS[asked] : `${CUT_WORDS[asked]}, ran as ${CUT_WORDS[used]}`;
    return `Cut (${how})`;
  }
  if (req.segmented) return 'Segmented encode';
  if (Array.isArray(req.ffmpeg_commands)) return `Chained, ${req.ffmpeg_commands.length} steps`;
  return 'One FFmpeg command';
}

export interface Fact {
  label: string;
  value: string;
  /** What the figure is, for a figure whose label alone could mislead. */
  hint?: string;
}

/**
 * A job's facts. "Time taken" is the wall time; FFmpeg's time is the sum of its runs, which
 * exceeds the time taken when runs went side by side (a smart cut's edges, segments): its label
 * says it is a sum, and then a hint says why it is the larger (docs/gui.md, "Small things").
 */
export function jobFacts(record: CommandRecord, createdAt: string): Fact[] {
  const total = record.total_processing_seconds;
  const ffmpeg = record.ffmpeg_command_run_seconds;
  const parallel = total !== undefined && ffmpeg !== undefined && ffmpeg > total;
  return [
    { label: 'Created', value: createdAt },
    { label: 'Type', value: jobKind(record) },
    { label: 'Cores', value: String(record.vcpu_count) },
    { label: 'Time taken', value: formatRunTime(total) },
    {
      label: 'FFmpeg time (runs added)',
      value: formatRunTime(ffmpeg),
      ...(parallel ? { hint: 'More than the time taken: FFmpeg ran several times side by side' } : {}),
    },
  ];
}
