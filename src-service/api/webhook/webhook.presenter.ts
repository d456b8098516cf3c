import type { z } from 'zod';
import type { Delivery, Webhook } from '../../webhooks/webhooks-repo';
import { TEST_COMMAND_ID } from '../../webhooks/test-event';
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

/**
 * The "send test" event's data: the same shape as a real one (a poll body of a SUCCESS command),
 * so a receiver's parser is exercised as it will be; only the nil `command_id` marks it.
 */
export function presentTestCommand(now: Date) {
  return {
    command_id: TEST_COMMAND_ID,
    status: 'SUCCESS' as const,
    command_type: 'FFMPEG_COMMAND' as const,
    created_at: now.toISOString(),
    vcpu_count: 1,
    original_request: { output_files: {}, ffmpeg_command: '-version' },
    total_processing_seconds: 0,
    ffmpeg_command_run_seconds: 0,
    output_files: {},
  };
}
