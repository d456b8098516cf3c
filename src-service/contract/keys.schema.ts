import { z } from 'zod';
import { PlanSchema } from './enums';

export const CreateKeyBody = z.object({
  plan: PlanSchema.optional().describe("Must equal the account's plan: a key belongs to the caller's account"),
  label: z.string().max(100).optional(),
});

export const KeyIdParams = z.object({ key_id: z.string() });

export const ApiKeyItem = z.object({
  key_id: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it'),
  label: z.string().nullable(),
  plan: PlanSchema.describe("The account's plan"),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  is_current: z.boolean().describe('True for the key that made this request'),
});

export const CreatedKey = z.object({
  key_id: z.string(),
  key: z.string().describe('Shown once; only a hash is stored'),
  prefix: z.string(),
  label: z.string().nullable(),
  plan: PlanSchema,
  created_at: z.string(),
  revoked_at: z.null(),
});
