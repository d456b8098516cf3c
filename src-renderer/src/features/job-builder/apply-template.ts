import type { StoredFile } from '../../../../src-service/client';
import { newKey, type InputRow, type JobForm } from './form';
import { extensionOf, KIND_EXTENSIONS, MEDIA_KINDS } from '../../../../src-service/contract/media-kinds';
import { openPreset } from './preset-form';
import type { PresetRecord } from '../../../../src-service/contract/preset-definition';
import type { Template } from './templates';

/** Stored files by name, newest first wins: the "use sample" lookup. */
export function samplesByName(files: StoredFile[]): Map<string, StoredFile> {
  const map = new Map<string, StoredFile>();
  for (const f of files) if (f.filename && f.storage_url && !f.is_deleted && !map.has(f.filename)) map.set(f.filename, f);
  return map;
}

/** Fills a form from a template; inputs whose sample is stored get its URL. */
export function applyTemplate(t: Template, samples: Map<string, StoredFile>): { form: JobForm; missing: string[] } {
  const missing: string[] = [];
  const urlOf = (name: string) => {
    const url = samples.get(name)?.storage_url;
    if (!url) missing.push(name);
    return url ?? '';
  };
  const form: JobForm = {
    isChained: t.steps.length > 1,
    steps: [...t.steps],
    inputMode: t.zipSample ? 'zip' : 'files',
    inputs: t.inputs.map((i) => {
      const url = urlOf(i.sample);
      const row: InputRow = { key: newKey(), alias: i.alias, source: url ? 'stored' : 'url', url, ...(url ? { fileName: i.sample } : {}) };
      TEMPLATE_SAMPLE.set(row, i.sample);
      return row;
    }),
    zipUrl: t.zipSample ? urlOf(t.zipSample) : '',
    outputMode: t.outputs === 'OUTPUT_FOLDER' ? 'folder' : 'files',
    outputs: t.outputs === 'OUTPUT_FOLDER' ? [] : Object.entries(t.outputs).map(([alias, name]) => ({ key: newKey(), alias, name })),
    isPrivate: false,
    vcpuCount: '',
    maxRunSeconds: '',
    name: '',
    templateTitle: t.title,
  };
  return { form, missing };
}

/** The kind of media a file name stands for (video, audio, image, subtitles), by its extension. */
function kindOfName(name: string): string | undefined {
  const ext = extensionOf(name);
  return MEDIA_KINDS.find((k) => KIND_EXTENSIONS[k].includes(ext));
}

/**
 * The files the editor had already chosen stay where a template's input reads the same kind:
 * the clip picked before "Use" goes into the template's video input in place of the demo sample
 * (it was replaced by the sample, the clip gone with one Enter). A file of another kind is not
 * forced on an input (a clip is no watermark); those inputs keep their samples.
 */
export function keepChosenInputs(sampled: { form: JobForm; missing: string[] }, chosen: readonly InputRow[]): { form: JobForm; missing: string[] } {
  if (sampled.form.inputMode !== 'files') return sampled;
  const left = [...chosen];
  const inputs = sampled.form.inputs.map((row, i) => {
    const sample = TEMPLATE_SAMPLE.get(row) ?? row.fileName ?? '';
    const at = left.findIndex((c) => kindOfName(c.fileName ?? c.media?.filename ?? '') === kindOfName(sample) && kindOfName(sample) !== undefined);
    if (at === -1) return row;
    const [mine] = left.splice(at, 1);
    return { ...mine!, key: sampled.form.inputs[i]!.key, alias: row.alias };
  });
  const replaced = sampled.form.inputs.filter((row, i) => inputs[i] !== row).map((row) => TEMPLATE_SAMPLE.get(row) ?? row.fileName);
  return { form: { ...sampled.form, inputs }, missing: sampled.missing.filter((m) => !replaced.includes(m)) };
}

/** Each filled row's sample name, whether it was stored (fileName) or missing (url left empty). */
const TEMPLATE_SAMPLE = new WeakMap<InputRow, string>();

/**
 * A template opened as the built-in preset it is (the service serves the gallery's commands
 * as built-in presets with typed parameters): the convert panel shows the parameters as
 * fields and writes the command from them. Output names stay the template's own.
 */
export function openTemplateAsPreset(t: Template, filled: JobForm, preset: PresetRecord): JobForm {
  return openPreset(filled, { ...preset, outputs: t.outputs, title: t.title });
}
