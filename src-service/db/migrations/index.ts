import initial from './001-initial';

/** Append-only: never edit a shipped migration, add the next number instead. */
export const MIGRATIONS: readonly string[] = [initial];
