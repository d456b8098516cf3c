import type { StoredFile } from '../../../../src-service/client';
import { newKey, type InputRow, type JobForm } from './form';
import { kindOfName } from '../../lib/input-kinds';
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
      return { key: newKey(), alias: i.alias, source: url ? 'stored' : 'url', url, ...(url ? { fileName: i.sample } : {}) };
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

/**
 * The files the editor had already chosen stay where a template's input reads the same kind:
 * the clip picked before "Use" goes into the template's video input in place of the demo sample
 * (it was replaced by the sample, the clip gone with one Enter). A file of another kind is not
 * forced on an input (a clip is no watermark); those inputs keep their samples. `sampled` is
 * applyTemplate's answer for `t`: its rows are the template's inputs, in order.
 */
export function keepChosenInputs(
  t: Template,
  sampled: { form: JobForm; missing: string[] },
  chosen: readonly InputRow[],
): { form: JobForm; missing: string[] } {
  if (sampled.form.inputMode !== 'files') return sampled;
  const left = [...chosen];
  const taken: string[] = [];
  const inputs = sampled.form.inputs.map((row, i) => {
    const sample = t.inputs[i]?.sample ?? '';
    const kind = kindOfName(sample);
    const at = kind === undefined ? -1 : left.findIndex((c) => kindOfName(c.fileName ?? c.media?.filename ?? '') === kind);
    if (at === -1) return row;
    taken.push(sample);
    const [mine] = left.splice(at, 1);
    return { ...mine!, key: row.key, alias: row.alias };
  });
  return { form: { ...sampled.form, inputs }, missing: sampled.missing.filter((m) => !taken.includes(m)) };
}

/**
 * A template opened as the built-in preset it is (the service serves the gallery's commands
 * as built-in presets with typed parameters): the convert panel shows the parameters as
 * fields and writes the command from them. Output names stay the template's own.
 */
export function openTemplateAsPreset(t: Template, filled: JobForm, preset: PresetRecord): JobForm {
  return openPreset(filled, { ...preset, outputs: t.outputs, title: t.title });
}
