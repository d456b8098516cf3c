import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { BUILTIN_PRESETS } from './builtin';
import { assertValidDefinition } from './check-definition';
import type { PresetDefinition } from '../contract/preset-definition';
import type { PresetsRepo } from './presets-repo';
import type { Preset, StoredPreset } from './stored-preset';

const toPreset = (p: StoredPreset): Preset => ({ ...p.definition, name: p.name, version: p.version, builtin: false, createdAt: p.createdAt });

/** Presets of an account: the built-ins (read-only) and its own, versioned. */
export function createPresets(repo: PresetsRepo) {
  function find(accountId: string, name: string, version?: number): Preset {
    const builtin = BUILTIN_PRESETS.get(name);
    if (builtin) {
      if (version !== undefined && version !== builtin.version) throw new NotFoundError(`Preset ${name} has no version ${version}`);
      return builtin;
    }
    const row = repo.get(accountId, name, version);
    if (!row) throw new NotFoundError(version === undefined ? `Preset ${name} not found` : `Preset ${name} version ${version} not found`);
    return toPreset(row);
  }

  function assertEditable(name: string): void {
    if (BUILTIN_PRESETS.has(name)) throw new ForbiddenError(`Preset ${name} is built in and read-only; save a copy under another name`);
  }

  return {
    list: (accountId: string): Preset[] => [...BUILTIN_PRESETS.values(), ...repo.listLatest(accountId).map(toPreset)],
    find,
    versions(accountId: string, name: string): Preset[] {
      if (BUILTIN_PRESETS.has(name)) return [find(accountId, name)];
      const rows = repo.versions(accountId, name);
      if (rows.length === 0) throw new NotFoundError(`Preset ${name} not found`);
      return rows.map(toPreset);
    },
    create(accountId: string, def: PresetDefinition): Preset {
      if (BUILTIN_PRESETS.has(def.name)) throw new ConflictError(`Preset ${def.name} is built in; choose another name`);
      if (repo.get(accountId, def.name)) throw new ConflictError(`Preset ${def.name} already exists; PUT /v1/presets/${def.name} adds a new version`);
      assertValidDefinition(def);
      const version = repo.addVersion(accountId, def.name, def);
      return find(accountId, def.name, version);
    },
    /** A new version; the earlier ones stay readable (and runnable) by number. */
    update(accountId: string, name: string, def: PresetDefinition): Preset {
      assertEditable(name);
      if (!repo.get(accountId, name)) throw new NotFoundError(`Preset ${name} not found`);
      const next = { ...def, name };
      assertValidDefinition(next);
      return find(accountId, name, repo.addVersion(accountId, name, next));
    },
    remove(accountId: string, name: string): void {
      assertEditable(name);
      if (!repo.remove(accountId, name)) throw new NotFoundError(`Preset ${name} not found`);
    },
  };
}

export type Presets = ReturnType<typeof createPresets>;
