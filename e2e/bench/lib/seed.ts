import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Fills a stopped service's database with `n` commands and `n` files, cloned from a real
 * finished command and its output (so request, log and media JSON have their real sizes).
 * One transaction, prepared statements. Every 10th command is FAILED with no output; a
 * stored upload takes its place in the files table, so both tables end with `n` new rows.
 */
export function seedDatabase(dataDir: string, n: number, template: { commandId: string; fileId: string }): void {
  const db = new Database(path.join(dataDir, 'ffdesk.db'));
  try {
    const cmd = db.prepare('SELECT * FROM commands WHERE id = ?').get(template.commandId) as Record<string, unknown> | undefined;
    const file = db.prepare('SELECT * FROM files WHERE id = ?').get(template.fileId) as Record<string, unknown> | undefined;
    if (!cmd || !file) throw new Error('seed: the template command or file is missing');
    const insertCommand = db.prepare(`INSERT INTO commands (id, account_id, status, command_type, request_json, vcpu_count, max_run_seconds,
      is_private, attempts, created_at, started_at, finished_at, total_processing_seconds, ffmpeg_command_run_seconds, processing_bytes,
      error_status, error_message, log) VALUES (@id, @account_id, @status, @command_type, @request_json, @vcpu_count, @max_run_seconds,
      @is_private, 1, @created_at, @created_at, @created_at, @total_processing_seconds, @ffmpeg_command_run_seconds, @processing_bytes,
      @error_status, @error_message, @log)`);
    const insertFile = db.prepare(`INSERT INTO files (id, account_id, command_id, output_alias, service_store_type, status, is_private,
      blob_key, filename, size_bytes, file_count, media_json, created_at) VALUES (@id, @account_id, @command_id, @output_alias,
      @service_store_type, 'STORED', 0, @blob_key, @filename, @size_bytes, NULL, @media_json, @created_at)`);
    const start = Date.now() - n * 60_000;
    db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const createdAt = new Date(start + i * 60_000).toISOString();
        const id = crypto.randomUUID();
        const failed = i % 10 === 9;
        insertCommand.run({
          ...cmd,
          id,
          created_at: createdAt,
          status: failed ? 'FAILED' : 'SUCCESS',
          error_status: failed ? 'PROCESSING_ERROR' : null,
          error_message: failed ? 'ffmpeg exited with code 1:\nin_1/clip.mp4: Invalid data found when processing input' : null,
        });
        insertFile.run({
          ...file,
          id: crypto.randomUUID(),
          created_at: createdAt,
          blob_key: crypto.randomBytes(16).toString('hex'),
          command_id: failed ? null : id,
          output_alias: failed ? null : file.output_alias,
          service_store_type: failed ? 'STORED_FILE' : 'OUTPUT',
        });
      }
    })();
  } finally {
    db.close();
  }
}
