import type { ValidationIssue } from '../../../../src-service/client';
import { fieldLabel } from '../../lib/field-labels';
import { fieldKey } from './validation';

export interface FixLink {
  key: string;
  label: string;
  msg: string;
}

/** One link per field with a problem, in the form's order, named in the editor's words. */
export function fixLinks(issues: ValidationIssue[]): FixLink[] {
  const seen = new Map<string, FixLink>();
  for (const i of issues) {
    const key = fieldKey(i.loc);
    if (!seen.has(key)) seen.set(key, { key, label: fieldLabel(i.loc), msg: i.msg });
  }
  return [...seen.values()];
}

/** The element that edits `key` (data-field), or its nearest declared parent field. */
function fieldElement(key: string): HTMLElement | null {
  const parts = key.split('.');
  for (let n = parts.length; n > 0; n--) {
    const el = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(parts.slice(0, n).join('.'))}"]`);
    if (el) return el;
  }
  return null;
}

const TARGETS = ['[aria-invalid="true"]', '.cm-content', 'input, select, textarea', 'button'];

/** Scrolls to the field and puts the keyboard focus in it. */
export function focusField(key: string): boolean {
  const box = fieldElement(key);
  if (!box) return false;
  const target = TARGETS.map((s) => box.querySelector<HTMLElement>(s)).find(Boolean) ?? box;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}
