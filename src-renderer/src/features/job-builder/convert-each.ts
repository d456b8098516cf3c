/**
 * Several clips in the convert panel: one job per clip, as HandBrake queues each source and
 * Shutter Encoder converts every file dropped on it (docs/gui.md, "Several clips at once"). The
 * panel's command reads one input, so the rows after the first were never read: three clips
 * dropped and Run converted the first alone. Pure.
 */
import { choicesOf, isEditedByHand, writeConvert } from './convert-form';
import { shownSize } from '../../lib/media';
import { fileNameOfUrl } from '../../lib/local-path';
import type { InputRow, JobForm } from './form';

/** The rows converted each in its own job; null when the form is one job (one clip, a command of one's own, a template, a preset). */
export function rowsConvertedEach(form: JobForm): InputRow[] | null {
  if (!form.convert || form.preset || isEditedByHand(form) || form.isChained || form.inputMode !== 'files' || form.outputMode !== 'files') return null;
  return form.inputs.length > 1 && form.outputs.length === 1 ? form.inputs : null;
}

export const rowFileName = (row: InputRow): string => row.fileName || fileNameOfUrl(row.url) || row.alias;

export interface FileJob {
  fileName: string;
  /** The panel's form for this clip alone: what Run sends for it, and what "Edit as new" of its job opens. */
  form: JobForm;
}

/**
 * One form per clip: the panel's choices written again for that clip alone, so each job gets its
 * own facts (a sound-only file becomes M4A), its output named after it (`b.mov` → `b.mp4`) and its
 * name ("Convert to MP4: b.mov → b.mp4"; a name typed is kept, with the clip's name after it). A
 * loudness first pass measured on one clip is used for that clip only; the others get one pass.
 */
export function formsPerFile(form: JobForm): FileJob[] {
  const rows = rowsConvertedEach(form) ?? [];
  const choices = choicesOf(form);
  const alias = rows[0]?.alias ?? 'in_1';
  const output = form.outputs[0];
  return rows.map((row) => {
    const fileName = rowFileName(row);
    const measured = choices.measured && choices.measured.fileId === row.media?.file_id ? choices.measured : null;
    const single: JobForm = {
      ...form,
      inputs: [{ ...row, alias }],
      outputs: output ? [{ ...output, name: '' }] : [],
      steps: [''],
      convert: undefined,
      name: form.name.trim() ? `${form.name.trim()}: ${fileName}`.slice(0, 200) : '',
    };
    return { fileName, form: writeConvert(single, { ...choices, measured }) };
  });
}

/**
 * Why the clips cannot each get the panel's choices, in the editor's words; null when they can. A
 * crop is drawn on the first clip's picture: a clip of another size would be cut elsewhere.
 */
export function convertEachProblem(form: JobForm): string | null {
  const rows = rowsConvertedEach(form);
  const crop = choicesOf(form).crop;
  if (!rows || !crop) return null;
  const sizeOf = (row: InputRow) => {
    const size = row.media ? shownSize(row.media) : undefined;
    return size ? `${size.width}×${size.height}` : null;
  };
  const first = sizeOf(rows[0]!);
  const other = rows.find((r) => sizeOf(r) !== first);
  return other
    ? `The crop was drawn on ${rowFileName(rows[0]!)} (${first ?? 'size unknown'}); ${rowFileName(other)} is ${sizeOf(other) ?? 'of a size not known yet'}. Convert it on its own, or clear the crop.`
    : null;
}
