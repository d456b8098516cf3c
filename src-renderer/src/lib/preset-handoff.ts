import type { PresetDraft } from './preset-draft';

/**
 * Where Files, Jobs and the job builder meet the Presets page without importing it
 * (features never import each other): files chosen in Files to run a preset on, and a job
 * or the builder's form to save as a preset (opened in the preset editor).
 */
let pendingFiles: string[] = [];
let pendingDraft: PresetDraft | null = null;

export function handOffFilesToPresets(fileIds: string[]): void {
  pendingFiles = [...fileIds];
}

/** Read once. */
export function takePresetFiles(): string[] {
  const ids = pendingFiles;
  pendingFiles = [];
  return ids;
}

export function handOffPresetDraft(draft: PresetDraft): void {
  pendingDraft = draft;
}

/** Read once: the Presets page opens its editor with it. */
export function takePresetDraft(): PresetDraft | null {
  const draft = pendingDraft;
  pendingDraft = null;
  return draft;
}
