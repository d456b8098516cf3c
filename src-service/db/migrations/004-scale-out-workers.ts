/**
 * Schema 4: scale-out workers (docs/scale-out.md). Worker tokens are stored as SHA-256
 * hashes like API keys; `workers` is what each worker last reported about itself, for
 * `GET /v1/workers` and the Settings page.
 */
export default /* sql */ `
CREATE TABLE worker_tokens (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE workers (
  id TEXT PRIMARY KEY,
  token_id TEXT NOT NULL,
  host TEXT NOT NULL,
  ffmpeg_version TEXT,
  hardware_encoders_json TEXT NOT NULL DEFAULT '[]',
  cores INTEGER NOT NULL,
  vcpus INTEGER NOT NULL,
  running_json TEXT NOT NULL DEFAULT '[]',
  started_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
`;
