import { newKey, type JobForm } from './form';

const KEY = 'ffdesk.builder-draft.v1';

/**
 * The builder's draft in localStorage, so a reload keeps it. What only lives in this page
 * (upload progress, local preview URLs, a fix hand-off) is left out.
 */
export function saveDraft(form: JobForm): void {
  try {
    const { fix: _fix, ...rest } = form;
    const inputs = rest.inputs.map(({ upload: _upload, previewUrl: _preview, ...row }) => row);
    localStorage.setItem(KEY, JSON.stringify({ ...rest, inputs }));
  } catch {
    // storage full or disabled: the draft then lives only until the page closes
  }
}

export function loadDraft(): JobForm | null {
  try {
    const text = localStorage.getItem(KEY);
    const draft = text ? (JSON.parse(text) as JobForm) : null;
    if (!draft || !Array.isArray(draft.steps) || !Array.isArray(draft.inputs) || !Array.isArray(draft.outputs)) return null;
    // Row keys are per page load: fresh ones, so rows added after the reload never share one.
    return { ...draft, inputs: draft.inputs.map((r) => ({ ...r, key: newKey() })), outputs: draft.outputs.map((r) => ({ ...r, key: newKey() })) };
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
