import { isChainedRequest, stepsOf, type CommandRequest, type StoredFile } from '../../../../src-service/client';
import type { FailureFix } from '../../lib/job-handoff';
import { fileNameOfUrl } from '../../lib/local-path';
import type { ConvertChoices } from './convert-args';
import type { PresetInForm } from './preset-form';

/** The convert panel's choices and the command text it last wrote (a different command = edited by hand). */
export interface ConvertState {
  choices: ConvertChoices;
  written: string;
  /** The output name the panel gave (from the input's name), so a later write knows it was not typed by hand. */
  outputName?: string;
  /** The range's fields whose text is not a time ("abc"): the run waits until they are (form-checks.ts). */
  badTimes?: ('start' | 'end')[];
}

export type InputSource = 'url' | 'stored' | 'local';

export interface InputRow {
  key: string;
  alias: string;
  source: InputSource;
  url: string;
  /** The stored file behind a picked or uploaded input, for display. */
  fileName?: string;
  upload?: { percent: number; phase?: 'uploading' | 'probing'; error?: string };
  /** The stored file's probe data (duration, size, resolution, codecs), once known. */
  media?: StoredFile;
  /** A local object URL of a dropped file, for its thumbnail before the service has it. */
  previewUrl?: string;
}

export interface OutputRow {
  key: string;
  alias: string;
  name: string;
}

/** The builder's editable state; `toRequest` turns it into the wire body. */
export interface JobForm {
  isChained: boolean;
  steps: string[];
  inputMode: 'files' | 'zip';
  inputs: InputRow[];
  zipUrl: string;
  outputMode: 'files' | 'folder';
  outputs: OutputRow[];
  isPrivate: boolean;
  vcpuCount: string;
  maxRunSeconds: string;
  /** Reuse an identical earlier run's outputs (the request's `cache`, docs/presets.md). */
  useCache?: boolean;
  /** The job's name as typed; empty means "name it for me" (suggestedName). */
  name: string;
  /** The template the form came from, for the suggested name. */
  templateTitle?: string;
  /** Opened from a failed job: the word ffmpeg rejected, marked until it is gone. */
  fix?: FailureFix;
  /** The convert panel's state, once it has written the command. */
  convert?: ConvertState;
  /** A preset opened in the convert panel: its parameters are the panel's fields. */
  preset?: PresetInForm;
  /** One encode split across workers or cores in segments of this many seconds (the request's `segmented`, docs/scale-out.md). */
  segmentSeconds?: number;
}

let keySeq = 0;
export const newKey = (): string => `row-${++keySeq}`;

export function emptyForm(): JobForm {
  return {
    isChained: false,
    steps: [''],
    inputMode: 'files',
    inputs: [{ key: newKey(), alias: 'in_1', source: 'url', url: '' }],
    zipUrl: '',
    outputMode: 'files',
    outputs: [{ key: newKey(), alias: 'out_1', name: 'output.mp4' }],
    isPrivate: false,
    vcpuCount: '',
    maxRunSeconds: '',
    name: '',
  };
}

function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The request body exactly as the API takes it (docs/api.md §4.1 / 4.2). */
export function toRequest(form: JobForm): CommandRequest {
  const common = {
    ...(form.inputMode === 'zip'
      ? { input_compressed_folder: form.zipUrl.trim() }
      : { input_files: Object.fromEntries(form.inputs.map((r) => [r.alias.trim(), r.url.trim()])) }),
    output_files: form.outputMode === 'folder' ? ('OUTPUT_FOLDER' as const) : Object.fromEntries(form.outputs.map((r) => [r.alias.trim(), r.name.trim()])),
    ...(form.isPrivate ? { is_private: true } : {}),
    ...(form.useCache ? { cache: true } : {}),
    ...(form.segmentSeconds !== undefined && !form.isChained ? { segmented: { segment_seconds: form.segmentSeconds } } : {}),
    ...(numberOrUndefined(form.vcpuCount) === undefined ? {} : { vcpu_count: numberOrUndefined(form.vcpuCount) }),
    ...(numberOrUndefined(form.maxRunSeconds) === undefined ? {} : { max_command_run_seconds: numberOrUndefined(form.maxRunSeconds) }),
    ...(jobName(form) ? { name: jobName(form) } : {}),
  };
  return form.isChained ? { ...common, ffmpeg_commands: form.steps } : { ...common, ffmpeg_command: form.steps[0] ?? '' };
}

/**
 * The other way, for "Edit as new" and "Fix in builder" from a job's original request. The job's
 * name is not carried over: the new job is another one, and its command may change (a GIF made
 * from an MP4 job was listed as "Convert to MP4: …"); it gets its own name, or one typed.
 */
export function fromRequest(req: CommandRequest): JobForm {
  const steps = stepsOf(req);
  const outputs = req.output_files === 'OUTPUT_FOLDER' ? [] : Object.entries(req.output_files);
  return {
    isChained: isChainedRequest(req),
    steps: steps.length > 0 ? [...steps] : [''],
    inputMode: req.input_compressed_folder ? 'zip' : 'files',
    inputs: Object.entries(req.input_files ?? {}).map(([alias, url]) => ({ key: newKey(), alias, source: 'url', url })),
    zipUrl: req.input_compressed_folder ?? '',
    outputMode: req.output_files === 'OUTPUT_FOLDER' ? 'folder' : 'files',
    outputs: outputs.map(([alias, name]) => ({ key: newKey(), alias, name })),
    isPrivate: req.is_private === true,
    useCache: req.cache === true,
    ...segmentSecondsOf(req),
    vcpuCount: req.vcpu_count === undefined ? '' : String(req.vcpu_count),
    maxRunSeconds: req.max_command_run_seconds === undefined ? '' : String(req.max_command_run_seconds),
    name: '',
  };
}

/**
 * The name a job gets when none is typed: the template's title with what goes in and
 * out ("GIF thumbnail: clip.mp4 → output.gif"). Without a template the service names it
 * from the command itself (first filter or codec), so nothing is sent.
 */
export function suggestedName(form: JobForm): string {
  if (!form.templateTitle) return '';
  const inputs = form.inputMode === 'zip' ? [fileNameOfUrl(form.zipUrl)] : form.inputs.map((r) => r.fileName ?? fileNameOfUrl(r.url));
  const outputs = form.outputMode === 'folder' ? ['folder.zip'] : form.outputs.map((r) => r.name.trim());
  const shorten = (names: string[]) => {
    const list = names.filter(Boolean);
    return list.length <= 2 ? list.join(', ') : `${list.slice(0, 2).join(', ')} +${list.length - 2}`;
  };
  const flow = [shorten(inputs), shorten(outputs)].filter(Boolean).join(' → ');
  return (flow ? `${form.templateTitle}: ${flow}` : form.templateTitle).slice(0, 200);
}

function jobName(form: JobForm): string {
  return form.name.trim() || suggestedName(form);
}

/** The aliases a command may use: declared inputs (unless zip mode) and outputs. */
export function declaredAliases(form: JobForm): { inputs: string[]; outputs: string[] } {
  return {
    inputs: form.inputMode === 'zip' ? [] : form.inputs.map((r) => r.alias.trim()).filter(Boolean),
    outputs: form.outputMode === 'folder' ? [] : form.outputs.map((r) => r.alias.trim()).filter(Boolean),
  };
}

/** The next free alias with a prefix: in_1, in_2 … */
export function nextAlias(prefix: string, taken: string[]): string {
  for (let i = 1; ; i++) if (!taken.includes(`${prefix}${i}`)) return `${prefix}${i}`;
}

/**
 * Where files dropped on the builder go: the empty input rows first (in order), then new
 * rows with the next free aliases; with `replaceFirst` and no empty row, the first row's file is
 * replaced instead of a row added. Returns the form with those rows set to "Local file"
 * and the row keys, one per file, for the uploads to fill in.
 */
export function placeDroppedFiles(form: JobForm, count: number, replaceFirst = false): { form: JobForm; keys: string[] } {
  const free = form.inputMode === 'zip' ? [] : form.inputs.filter((r) => r.url.trim() === '' && !(r.upload && !r.upload.error)).map((r) => r.key);
  // Every row taken and a command that reads one file (the convert panel's, a one-input form): the
  // clip opened next is the one to work on, as HandBrake's new source is (docs/gui.md, "New job").
  const first = form.inputMode === 'files' ? form.inputs[0] : undefined;
  const keys = free.length === 0 && replaceFirst && first && count > 0 ? [first.key] : free.slice(0, count);
  const inputs = form.inputMode === 'zip' ? [] : [...form.inputs];
  while (keys.length < count) {
    const row: InputRow = {
      key: newKey(),
      alias: nextAlias(
        'in_',
        inputs.map((r) => r.alias),
      ),
      source: 'local',
      url: '',
    };
    inputs.push(row);
    keys.push(row.key);
  }
  // A row given a new file lets its old one go (URL and facts), or the command would still read it until the upload ends.
  const placed = (r: InputRow): InputRow => ({ ...r, source: 'local', url: '', media: undefined, previewUrl: undefined, upload: undefined });
  return { form: { ...form, inputMode: 'files', inputs: inputs.map((r) => (keys.includes(r.key) ? placed(r) : r)) }, keys };
}

/** The request's `segmented` (true: the default 30 s) as the form's segment length. */
function segmentSecondsOf(req: CommandRequest): { segmentSeconds?: number } {
  const s = 'segmented' in req ? req.segmented : undefined;
  if (!s) return {};
  return { segmentSeconds: s === true ? 30 : Number(s.segment_seconds ?? 30) };
}
