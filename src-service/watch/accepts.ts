import path from 'node:path';
import { extensionOf, extensionsForKinds, type MediaKind } from '../contract/media-kinds';
import { NotFoundError } from '../errors';
import type { Presets } from '../presets/presets';
import type { WatchFolder } from './watched';

/**
 * The extensions a watch folder takes: its own list, else those of its preset input's kinds
 * (docs/presets.md, "Watch folders"). Looked up at each file, like the preset's latest version.
 */
export function acceptedExtensions(presets: Presets, row: WatchFolder): string[] {
  if (row.extensions) return row.extensions;
  let kinds: MediaKind[] | undefined;
  try {
    kinds = presets.find(row.accountId, row.presetName, row.presetVersion ?? undefined).inputs[0]?.kinds;
  } catch (err) {
    // Preset gone: the file is taken and fails with the preset's own error, which says why.
    if (!(err instanceof NotFoundError)) throw err;
  }
  return extensionsForKinds(kinds);
}

export function isAccepted(presets: Presets, row: WatchFolder, file: string): boolean {
  return acceptedExtensions(presets, row).includes(extensionOf(path.basename(file)));
}

/**
 * The names left alone since start: the last `max` to show, newest first, and every name seen
 * (up to `remember`), so a rescan every 30 s does not announce a folder's other files again.
 */
export function createIgnoredList(max = 20, remember = 10_000) {
  const names: string[] = [];
  const seen = new Set<string>();
  return {
    /** True the first time a name is added (then it is worth telling). */
    add(name: string): boolean {
      if (seen.has(name)) return false;
      if (seen.size < remember) seen.add(name);
      names.unshift(name);
      names.length = Math.min(names.length, max);
      return true;
    },
    list: (): string[] => [...names],
  };
}
