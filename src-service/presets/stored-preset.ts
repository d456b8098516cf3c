import type { PresetDefinition } from '../contract/preset-definition';

/**
 * One version of an account's preset as the domain sees it: camelCase, its definition parsed.
 * The repository maps its row to this at its edge (presets/presets-repo.ts); presets.ts turns
 * it into the snake_case record the API shows (docs/architecture.md, Rows and domain objects).
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
