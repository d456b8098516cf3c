import { z } from 'zod';

export const CreateKeyBody = z.object({
  plan: z.enum(['trial', 'pro']).optional().describe("Must equal the account's plan: a key belongs to the caller's account"),
  label: z.string().max(100).optional(),
});

export const KeyIdParams = z.object({ key_id: z.string() });

export const ApiKeyItem = z.object({
  key_id: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it'),
  label: z.string().nullable(),
  plan: z.enum(['trial', 'pro']).describe("The account's plan"),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  is_current: z.boolean().describe('True for the key that made this request'),
});

export const CreatedKey = z.object({
  key_id: z.string(),
  key: z.string().describe('Shown once; only a hash is stored'),
  prefix: z.string(),
  label: z.string().nullable(),
  plan: z.enum(['trial', 'pro']),
  created_at: z.string(),
  revoked_at: z.null(),
});
