import { handOff } from './hand-off';
import type { PresetDraft } from './preset-draft';

/**
 * Where Files, Jobs and the job builder meet the Presets page without importing it
 * (features never import each other): files chosen in Files to run a preset on, and a job
 * or the builder's form to save as a preset (opened in the preset editor). The Presets page
 * reads both with `useHandedOff` (hand-off.ts).
 */
export const presetFilesHandOff = handOff<string[]>();
export const presetDraftHandOff = handOff<PresetDraft>();

export function handOffFilesToPresets(fileIds: string[]): void {
  presetFilesHandOff.give([...fileIds]);
}

export function handOffPresetDraft(draft: PresetDraft): void {
  presetDraftHandOff.give(draft);
}
