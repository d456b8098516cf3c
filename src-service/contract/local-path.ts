import { z } from 'zod';

/** A path on this machine: no NUL (no file system takes one; fs threw, and the answer was a 500). */
export const LocalPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((s) => !s.includes('\0'), 'A path cannot contain a NUL character');
