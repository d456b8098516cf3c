import { z } from 'zod';
import { isHttpUrl } from './names';
import { DeliveryStatusSchema } from './enums';

const httpUrl = z.string().max(8192).refine(isHttpUrl, { message: 'URL must be an http or https URL' });

export const PutWebhookBody = z.object({ url: httpUrl.describe('Where command-end events are POSTed') });

export const DeliveryIdParams = z.object({ delivery_id: z.string() });

/**
 * `GET /v1/webhook`: the URL only. The secret is shown once, by `PUT` (like an API key):
 * whoever holds a leaked API key then still cannot forge events a receiver would accept.
 */
export const WebhookConfig = z
  .object({
    url: z.string().nullable().describe('null when no webhook is set'),
    created_at: z.string().optional(),
  })
  .meta({ description: 'The account webhook; the secret is not shown again after PUT' });

export const WebhookWithSecret = z.object({
  url: z.string(),
  secret: z.string().describe('whsec_ + base64 key; HMAC-SHA256 key is the base64-decoded part'),
  created_at: z.string(),
});

export const Delivery = z.object({
  delivery_id: z.string().describe('Also the webhook-id header; the same on every retry'),
  command_id: z.string().describe('The nil UUID for a test event'),
  url: z.string(),
  status: DeliveryStatusSchema,
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
