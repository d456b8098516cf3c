import type { CommandRequest } from '../../../../src-service/client';
import { newKey, toRequest, type InputRow, type JobForm } from './form';

const KEY = 'ffdesk.builder-draft.v1';
const SUBMITTED_KEY = 'ffdesk.builder-submitted.v1';
/** Forms kept for "Edit as new": the latest jobs run from the builder, a few KB each. */
const SUBMITTED_KEPT = 40;

/**
 * The builder's draft in localStorage, so a reload keeps it. What only lives in this page
 * (upload progress, local preview URLs, a fix hand-off) is left out.
 */
export function saveDraft(form: JobForm): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept(form)));
  } catch {
    // storage full or disabled: the draft then lives only until the page closes
  }
}

export function loadDraft(): JobForm | null {
  try {
    const text = localStorage.getItem(KEY);
    return text ? revived(JSON.parse(text) as JobForm) : null;
  } catch {
    return null;
  }
}

/** What outlives the page: no upload progress, local preview URL or fix hand-off. */
function kept(form: JobForm): JobForm {
  const { fix: _fix, ...rest } = form;
  return { ...rest, inputs: rest.inputs.map(({ upload: _upload, previewUrl: _preview, ...row }) => row) };
}

/**
 * A stored form back: null if it is not one. Row keys are per page load, so rows added later never
 * share one. A file uploaded from the disk is a stored file now: its row shows it as one, not as an
 * empty drop zone beside the file's facts.
 */
function revived(form: JobForm | null | undefined): JobForm | null {
  if (!form || !Array.isArray(form.steps) || !Array.isArray(form.inputs) || !Array.isArray(form.outputs)) return null;
  const input = (r: InputRow): InputRow => ({ ...r, key: newKey(), ...(r.source === 'local' && r.url && r.media ? { source: 'stored' } : {}) });
  return { ...form, inputs: form.inputs.map(input), outputs: form.outputs.map((r) => ({ ...r, key: newKey() })) };
}

function submittedForms(): Record<string, JobForm> {
  try {
    const all = JSON.parse(localStorage.getItem(SUBMITTED_KEY) ?? '{}') as unknown;
    return all && typeof all === 'object' && !Array.isArray(all) ? (all as Record<string, JobForm>) : {};
  } catch {
    return {};
  }
}

/**
 * The form a job was run from, kept by its command id, so "Edit as new" opens it as it was made
 * (the convert panel's choices, the stored file's facts) rather than as a command typed by hand
 * (docs/gui.md, "Edit as new").
 */
export function rememberSubmitted(commandId: string, form: JobForm): void {
  try {
    const all = Object.entries(submittedForms()).filter(([id]) => id !== commandId);
    const latest = [...all.slice(-(SUBMITTED_KEPT - 1)), [commandId, kept(form)] as const];
    localStorage.setItem(SUBMITTED_KEY, JSON.stringify(Object.fromEntries(latest)));
  } catch {
    // storage full or disabled: Edit as new then reads the request alone
  }
}

/**
 * The form a job was run from, if this browser ran it and it still makes the job's own request
 * (the same command, inputs and outputs): null otherwise, and the request alone is read.
 */
export function submittedForm(commandId: string, request: CommandRequest): JobForm | null {
  const form = revived(submittedForms()[commandId]);
  if (!form) return null;
  const made = toRequest(form) as Record<string, unknown>;
  const job = request as Record<string, unknown>;
  const same = (f: string) => JSON.stringify(made[f] ?? null) === JSON.stringify(job[f] ?? null);
  if (!['ffmpeg_command', 'ffmpeg_commands', 'input_files', 'input_compressed_folder', 'output_files'].every(same)) return null;
  // The new job is another one: it gets its own name (fromRequest does the same).
  return { ...form, name: '' };
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
