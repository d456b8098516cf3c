import { defineEndpoints } from '../endpoint';
import { PageQuery } from '../commands.schema';
import { Delivery, DeliveryIdParams, PutWebhookBody, WebhookConfig, WebhookWithSecret } from '../webhook.schema';
import { errors, json, ok204 } from '../responses';

/** The account webhook: config, delivery log, replay, test (docs/choices.md: Webhooks). */
export const webhookEndpoints = defineEndpoints({
  getWebhook: {
    method: 'get',
    path: '/v1/webhook',
    tag: 'Webhooks',
    summary: "The account's webhook URL (url null when none)",
    description: 'The secret is not shown again after PUT: a leaked API key then cannot be used to forge events a receiver accepts.',
    responses: { '200': json('The webhook', WebhookConfig), ...errors(401) },
  },
  putWebhook: {
    method: 'put',
    path: '/v1/webhook',
    tag: 'Webhooks',
    summary: 'Set the webhook URL; returns a new whsec_ secret (shown once)',
    body: PutWebhookBody,
    responses: { '200': json('The webhook with its secret', WebhookWithSecret), ...errors(400, 401, 422) },
  },
  deleteWebhook: {
    method: 'delete',
    path: '/v1/webhook',
    tag: 'Webhooks',
    summary: 'Remove the webhook (pending retries then fail)',
    responses: { '204': ok204('Removed (idempotent)'), ...errors(401) },
  },
  listWebhookDeliveries: {
    method: 'get',
    path: '/v1/webhook/deliveries',
    tag: 'Webhooks',
    summary: 'Delivery log, newest first',
    query: PageQuery,
    responses: { '200': json('Bare array', Delivery, true), ...errors(401, 422) },
  },
  replayWebhookDelivery: {
    method: 'post',
    bodyKind: 'json',
    path: '/v1/webhook/deliveries/{delivery_id}/replay',
    tag: 'Webhooks',
    summary: 'Send a delivery again to the current URL, with a fresh retry schedule; answers after the first attempt',
    params: DeliveryIdParams,
    responses: { '200': json('The delivery after the attempt', Delivery), ...errors(401, 404) },
  },
  sendTestWebhook: {
    method: 'post',
    bodyKind: 'json',
    path: '/v1/webhook/test',
    tag: 'Webhooks',
    summary: 'Send a test event (a SUCCESS record with the nil command_id); answers after the first attempt',
    responses: { '200': json('The delivery after the attempt', Delivery), ...errors(401, 404) },
  },
});
