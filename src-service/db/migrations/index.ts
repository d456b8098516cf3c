import initial from './001-initial';
import usageCoveringIndexes from './002-usage-covering-indexes';
import localAccount from './003-local-account';
import scaleOutWorkers from './004-scale-out-workers';
import commandNames from './005-command-names';
import presetsBatchesCacheWatch from './006-presets-batches-cache-watch';
import watchRunLimit from './007-watch-run-limit';
import commandEdits from './008-command-edits';
import commandSegments from './009-command-segments';
import watchExtensions from './010-watch-extensions';

/** Append-only: never edit a shipped migration, add the next number instead. */
export const MIGRATIONS: readonly string[] = [
  initial,
  usageCoveringIndexes,
  localAccount,
  scaleOutWorkers,
  commandNames,
  presetsBatchesCacheWatch,
  watchRunLimit,
  commandEdits,
  commandSegments,
  watchExtensions,
];
