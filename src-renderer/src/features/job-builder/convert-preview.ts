import type { RunCommandRequest } from '../../../../src-service/client';
import { toRequest, type JobForm } from './form';

export const PREVIEW_SECONDS = 3;

/** A command's leading range (the convert panel's "Part of the file": `-ss A -t D` before `-i`), and the rest. */
const LEADING_RANGE = /^(?:-ss (\d+(?:\.\d+)?) )?(?:-t (\d+(?:\.\d+)?) )?(-i .*)$/s;

/**
 * The request for a preview: the form's own request with its command read from `start`
 * for PREVIEW_SECONDS (`-ss X -t 3` before the first input), outputs renamed `preview-…`.
 * Where the command converts part of the file, `start` counts from that part's start and the
 * preview stays inside it. Null when there is nothing to preview (no input, or a chain).
 */
/** Where the part the command reads starts (its leading `-ss`, the panel's From), or null for the whole file. */
export function partStartOf(form: JobForm): number | null {
  const start = LEADING_RANGE.exec(form.steps[0]?.trim() ?? '')?.[1];
  return start === undefined ? null : Number(start);
}

export function previewRequest(form: JobForm, start: number): RunCommandRequest | null {
  const written = LEADING_RANGE.exec(form.steps[0]?.trim() ?? '');
  const input = form.inputMode === 'files' ? form.inputs[0] : undefined;
  if (form.isChained || !written || !input?.url.trim() || form.outputMode !== 'files') return null;
  const [, rangeStart, rangeLength, command = ''] = written;
  const from = Number(rangeStart ?? 0) + start;
  const length = rangeLength === undefined ? PREVIEW_SECONDS : Math.max(0.1, Math.min(PREVIEW_SECONDS, Number(rangeLength) - start));
  const base = toRequest(form);
  if (!('ffmpeg_command' in base)) return null;
  const outputs = Object.fromEntries(form.outputs.map((o) => [o.alias.trim(), `preview-${o.name.trim()}`]));
  return {
    ...base,
    output_files: outputs,
    ffmpeg_command: `-ss ${Number(from.toFixed(3))} -t ${Number(length.toFixed(3))} ${command}`,
    name: `Preview: ${base.name ?? form.outputs[0]?.name ?? 'convert'}`.slice(0, 200),
  };
}
