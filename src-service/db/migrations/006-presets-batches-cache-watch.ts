/** Schema 4: presets (versioned), batches, the result cache and watch folders (docs/presets.md). */
export default /* sql */ `
CREATE TABLE presets (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL,
  definition_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  deleted_at TEXT,
  PRIMARY KEY (account_id, name, version)
) STRICT;

CREATE TABLE batches (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  preset_name TEXT NOT NULL,
  preset_version INTEGER NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX batches_account ON batches(account_id, created_at DESC);

CREATE TABLE batch_items (
  batch_id TEXT NOT NULL REFERENCES batches(id),
  idx INTEGER NOT NULL,
  input_json TEXT NOT NULL,
  command_id TEXT NOT NULL REFERENCES commands(id),
  attempts INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (batch_id, idx)
) STRICT;

ALTER TABLE commands ADD COLUMN cached_from_command_id TEXT;

CREATE TABLE cache_entries (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  cache_key TEXT NOT NULL,
  command_id TEXT NOT NULL REFERENCES commands(id),
  created_at TEXT NOT NULL,
  hits INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, cache_key)
) STRICT;

CREATE TABLE cache_counters (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id),
  lookups INTEGER NOT NULL DEFAULT 0,
  hits INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE blob_hashes (
  blob_key TEXT PRIMARY KEY,
  sha256 TEXT NOT NULL
) STRICT;

CREATE TABLE watch_folders (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  folder TEXT NOT NULL,
  output_folder TEXT NOT NULL,
  preset_name TEXT NOT NULL,
  preset_version INTEGER,
  parameters_json TEXT NOT NULL,
  move_originals INTEGER NOT NULL DEFAULT 0,
  use_polling INTEGER NOT NULL DEFAULT 0,
  poll_interval_ms INTEGER NOT NULL DEFAULT 1000,
  stable_seconds REAL NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE watch_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  watch_id TEXT NOT NULL REFERENCES watch_folders(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  sha256 TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  command_id TEXT,
  error TEXT,
  outputs_json TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (watch_id, path, size_bytes, sha256)
) STRICT;
CREATE INDEX watch_files_recent ON watch_files(watch_id, id DESC);
`;
