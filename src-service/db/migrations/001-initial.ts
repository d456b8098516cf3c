/** Schema 1: accounts and keys, commands, stored files, uploads, signing keys, events, webhooks. */
export default /* sql */ `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  plan TEXT NOT NULL CHECK (plan IN ('trial', 'pro')),
  storage_quota_bytes INTEGER,
  processing_quota_bytes INTEGER,
  max_vcpu INTEGER,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  label TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
) STRICT;

CREATE TABLE commands (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  status TEXT NOT NULL CHECK (status IN ('QUEUED', 'PROCESSING', 'SUCCESS', 'FAILED')),
  command_type TEXT NOT NULL CHECK (command_type IN ('FFMPEG_COMMAND', 'FFMPEG_CHAINED_COMMANDS')),
  request_json TEXT NOT NULL,
  vcpu_count INTEGER NOT NULL,
  max_run_seconds REAL NOT NULL,
  is_private INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  total_processing_seconds REAL,
  ffmpeg_command_run_seconds REAL,
  processing_bytes INTEGER NOT NULL DEFAULT 0,
  error_status TEXT,
  error_message TEXT,
  progress_json TEXT,
  log TEXT
) STRICT;
CREATE INDEX commands_account_seq ON commands(account_id, seq DESC);
CREATE INDEX commands_status_seq ON commands(status, seq);

CREATE TABLE files (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  command_id TEXT REFERENCES commands(id),
  output_alias TEXT,
  service_store_type TEXT NOT NULL CHECK (service_store_type IN ('OUTPUT', 'STORED_FILE')),
  status TEXT NOT NULL CHECK (status IN ('QUEUED', 'DOWNLOADING', 'DOWNLOADED', 'UPLOADING', 'UPLOADED', 'STORED', 'FAILED')),
  is_private INTEGER NOT NULL DEFAULT 0,
  is_deleted INTEGER NOT NULL DEFAULT 0,
  blob_key TEXT,
  filename TEXT NOT NULL,
  size_bytes INTEGER,
  size_compressed_bytes INTEGER,
  file_count INTEGER,
  media_json TEXT,
  original_file_url TEXT,
  error_status TEXT,
  external_error_message TEXT,
  created_at TEXT NOT NULL,
  deleted_at TEXT
) STRICT;
CREATE INDEX files_account_listing ON files(account_id, is_deleted, seq DESC);
CREATE INDEX files_command ON files(command_id);
CREATE INDEX files_status ON files(status);
CREATE UNIQUE INDEX files_blob_key ON files(blob_key) WHERE blob_key IS NOT NULL;

CREATE TABLE uploads (
  file_id TEXT PRIMARY KEY REFERENCES files(id),
  size_bytes INTEGER NOT NULL,
  part_size INTEGER NOT NULL,
  part_count INTEGER NOT NULL,
  staging_path TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;

CREATE TABLE upload_parts (
  file_id TEXT NOT NULL REFERENCES uploads(file_id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL,
  etag TEXT NOT NULL,
  PRIMARY KEY (file_id, part_number)
) STRICT;

CREATE TABLE signing_keys (
  id TEXT PRIMARY KEY,
  secret BLOB NOT NULL,
  created_at TEXT NOT NULL,
  retired_at TEXT
) STRICT;

CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL,
  type TEXT NOT NULL,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX events_account_id ON events(account_id, id);

CREATE TABLE webhooks (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id),
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  command_id TEXT NOT NULL,
  url TEXT NOT NULL,
  payload_json TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_status_code INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_account ON webhook_deliveries(account_id, created_at DESC);
`;
