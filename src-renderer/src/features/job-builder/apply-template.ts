import type { StoredFile } from '../../../../src-service/client';
import { newKey, type JobForm } from './form';
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
 * A template opened as the built-in preset it is (the service serves the gallery's commands
 * as built-in presets with typed parameters): the convert panel shows the parameters as
 * fields and writes the command from them. Output names stay the template's own.
 */
export function openTemplateAsPreset(t: Template, filled: JobForm, preset: PresetRecord): JobForm {
  return openPreset(filled, { ...preset, outputs: t.outputs, title: t.title });
}
