import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index';

export type Db = Database.Database;

/**
 * Opens the service database: WAL (readers never block the writer), foreign keys on,
 * a busy timeout for the CLI writing keys while the service runs, then migrations.
 */
export function openDatabase(dataDir: string): Db {
  // Owner-only: the folder holds the key file, webhook and signing secrets, and private files.
  // (An existing folder keeps the permissions its owner gave it.)
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    fs.mkdirSync(dataDir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Under Electron the shell points at a better-sqlite3 build for Electron's ABI (src-main/electron-native.ts).
  const nativeBinding = process.env.FFDESK_SQLITE_BINDING;
  const db = new Database(path.join(dataDir, 'ffdesk.db'), nativeBinding ? { nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * Numbered, append-only migrations keyed on `user_version`, each in one transaction.
 * A database written by a newer FFDesk is refused rather than silently damaged.
 */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`The database is from a newer FFDesk (schema ${current}, this build knows ${MIGRATIONS.length}). Upgrade FFDesk or use another data dir.`);
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    const sql = MIGRATIONS[version - 1] as string;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
