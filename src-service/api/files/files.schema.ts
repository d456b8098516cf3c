import { z } from 'zod';

const TiB = 1024 ** 4;

export const FileIdParams = z.object({ file_id: z.string() });

export const StoreFileBody = z.object({
  file_url: z
    .string()
    .max(8192)
    .refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), { message: 'URL must be an http or https URL' }),
  is_private: z.boolean().optional(),
});

export const BulkDeleteBody = z.object({
  file_ids: z.array(z.string().max(64)).min(1).max(1000),
});

export const InitUploadBody = z.object({
  filename: z.string().min(1).max(255).refine((s) => !/[\0/\\]/.test(s) && s !== '.' && s !== '..', { message: 'filename must be a plain file name' }),
  size_bytes: z.number().int().min(1).max(5 * TiB),
  is_private: z.boolean().optional(),
  part_size: z.number().int().min(1).optional(),
});

export const CompleteUploadBody = z.object({
  parts: z
    .array(z.object({ part_number: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .min(1)
    .max(10_000),
});
