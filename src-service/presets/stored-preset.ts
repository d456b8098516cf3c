import type { PresetDefinition } from '../contract/preset-definition';

/**
 * One version of an account's preset as the domain sees it: camelCase, its definition parsed.
 * The repository maps its row to this at its edge (presets/presets-repo.ts); presets.ts turns
 * it into a Preset, which api/presets/presets.presenter.ts shows (docs/architecture.md, Rows and domain objects).
 */
export interface StoredPreset {
  accountId: string;
  name: string;
  version: number;
  definition: PresetDefinition;
  createdAt: string;
  /** Set on every version of a name when the name is deleted. */
  deletedAt: string | null;
}

/**
 * A preset as the use cases read it: a built-in, or one version of an account's own. Its
 * definition keeps its wire spelling (it is what was accepted and what a render fills in);
 * only the presenter adds the record's snake_case fields.
 */
export interface Preset extends PresetDefinition {
  version: number;
  builtin: boolean;
  /** When this version was saved; the epoch for a built-in. */
  createdAt: string;
}
