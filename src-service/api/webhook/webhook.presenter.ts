import type { z } from 'zod';
import type { DeliveryRow, WebhookRow } from '../../webhooks/webhooks-repo';
import type { Delivery, WebhookConfig, WebhookWithSecret } from '../../contract/webhook.schema';

export function presentWebhook(row: WebhookRow | undefined): z.infer<typeof WebhookConfig> {
  return row ? { url: row.url, created_at: row.created_at } : { url: null };
}

export function presentWebhookWithSecret(row: WebhookRow): z.infer<typeof WebhookWithSecret> {
  return { url: row.url, secret: row.secret, created_at: row.created_at };
}

export function presentDelivery(row: DeliveryRow): z.infer<typeof Delivery> {
  return {
    delivery_id: row.id,
    command_id: row.command_id,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'PENDING' ? row.next_attempt_at : null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
