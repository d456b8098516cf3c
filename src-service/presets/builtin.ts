import { BUILTIN_PRESET_DEFINITIONS } from '../contract/builtin-presets';
import type { Preset } from './stored-preset';

/** Built-ins are version 1 forever; a change ships as a new name. Defined in contract/builtin-presets.ts, shared with the GUI's gallery. */
export const BUILTIN_PRESETS: ReadonlyMap<string, Preset> = new Map(
  BUILTIN_PRESET_DEFINITIONS.map((d) => [d.name, { ...d, version: 1, builtin: true, createdAt: '1970-01-01T00:00:00Z' }]),
);
