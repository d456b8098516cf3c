import type { RunCommandRequest } from '../../../../src-service/client';
import { toRequest, type JobForm } from './form';

export const PREVIEW_SECONDS = 3;

/**
 * The request for a preview: the form's own request with its command read from `start`
 * for PREVIEW_SECONDS (`-ss X -t 3` before the first input), outputs renamed `preview-…`.
 * Null when there is nothing to preview (no input, or a chain).
 */
export function previewRequest(form: JobForm, start: number): RunCommandRequest | null {
  const command = form.steps[0]?.trim() ?? '';
  const input = form.inputMode === 'files' ? form.inputs[0] : undefined;
  if (form.isChained || !command.startsWith('-i ') || !input?.url.trim() || form.outputMode !== 'files') return null;
  const base = toRequest(form);
  if (!('ffmpeg_command' in base)) return null;
  const outputs = Object.fromEntries(form.outputs.map((o) => [o.alias.trim(), `preview-${o.name.trim()}`]));
  return {
    ...base,
    output_files: outputs,
    ffmpeg_command: `-ss ${Number(start.toFixed(3))} -t ${PREVIEW_SECONDS} ${command}`,
    name: `Preview: ${base.name ?? form.outputs[0]?.name ?? 'convert'}`.slice(0, 200),
  };
}
