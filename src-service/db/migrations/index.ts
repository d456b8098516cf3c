import initial from './001-initial';
import usageCoveringIndexes from './002-usage-covering-indexes';
import localAccount from './003-local-account';
import presetsBatchesCacheWatch from './004-presets-batches-cache-watch';

/** Append-only: never edit a shipped migration, add the next number instead. */
export const MIGRATIONS: readonly string[] = [initial, usageCoveringIndexes, localAccount, presetsBatchesCacheWatch];
