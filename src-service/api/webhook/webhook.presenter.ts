import type { z } from 'zod';
import type { Delivery, Webhook } from '../../webhooks/webhooks-repo';
import type { Delivery as DeliveryWire, WebhookConfig, WebhookWithSecret } from '../../contract/webhook.schema';

export function presentWebhook(row: Webhook | undefined): z.infer<typeof WebhookConfig> {
  return row ? { url: row.url, created_at: row.createdAt } : { url: null };
}

export function presentWebhookWithSecret(row: Webhook): z.infer<typeof WebhookWithSecret> {
  return { url: row.url, secret: row.secret, created_at: row.createdAt };
}

export function presentDelivery(row: Delivery): z.infer<typeof DeliveryWire> {
  return {
    delivery_id: row.id,
    command_id: row.commandId,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'PENDING' ? row.nextAttemptAt : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
