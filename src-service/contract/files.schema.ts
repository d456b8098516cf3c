import { z } from 'zod';
import { laxInt } from './lax-number';
import { CONTENT_HASH } from './content-hash';
import { isHttpUrl, isPlainFilename } from './names';

const TiB = 1024 ** 4;

/**
 * `GET /v1/files` lists stored files only by default, as the hosted service's consumers expect
 * (every item is a file they can download); `status=all` adds files still being stored or
 * uploaded and failed ones (docs/compatibility.md, "Listing files").
 */
export const ListFilesQuery = z.object({
  limit: laxInt(z.number().int().min(1).max(1000)).default(1000),
  offset: laxInt(z.number().int().min(0)).default(0),
  status: z.enum(['stored', 'all']).default('stored').describe('stored (default): STORED files only; all: every state, deleted files excepted'),
  content_hash: z
    .string()
    .regex(CONTENT_HASH, 'content_hash is 64 lowercase hex digits')
    .optional()
    .describe("FFDesk: only stored files with this content hash (SHA-256 of the 4 MiB blocks' SHA-256 digests), to reuse a file instead of uploading it again"),
});

export const FileIdParams = z.object({ file_id: z.string() });

export const StoreFileBody = z.object({
  file_url: z.string().max(8192).refine(isHttpUrl, { message: 'URL must be an http or https URL' }),
  is_private: z.boolean().optional(),
});

export const BulkDeleteBody = z.object({
  file_ids: z.array(z.string().max(64)).min(1).max(1000),
});

export const InitUploadBody = z.object({
  filename: z.string().min(1).max(255).refine(isPlainFilename, { message: 'filename must be a plain file name' }),
  // Lax numbers, as the command fields are (docs/compatibility.md, "Numbers"): "74088" is read as 74088.
  size_bytes: laxInt(
    z
      .number()
      .int()
      .min(1)
      .max(5 * TiB),
  ),
  is_private: z.boolean().optional(),
  part_size: laxInt(z.number().int().min(1)).optional(),
});

export const CompleteUploadBody = z.object({
  parts: z
    .array(z.object({ part_number: laxInt(z.number().int().min(1).max(10_000)), etag: z.string().min(1).max(200) }))
    .min(1)
    .max(10_000),
});
