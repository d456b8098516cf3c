import { z } from 'zod';
import { CommandIdParams, PageQuery, RenameBody } from '../../contract/commands.schema';
import { EventsQuery } from '../../contract/events.schema';
import { DeliveryIdParams, PutWebhookBody, Delivery, WebhookConfig, WebhookWithSecret } from '../../contract/webhook.schema';
import { ApiKeyItem, CreatedKey, CreateKeyBody, KeyIdParams } from '../../contract/keys.schema';
import type { Operation } from './operation';
import { errors, json, ok204 } from './responses';
import { CommandRecord } from '../../contract/records.schema';
import { AccountInfo, CapabilitiesInfo, Health, SystemInfo } from '../../contract/system.schema';

const EVENTS_DESCRIPTION = `Server-Sent Events of the caller's account. Each event has \`id:\` (resume with the
Last-Event-ID header or ?last_event_id=, which first replays what was missed), \`event:\` and a JSON \`data:\`:
- \`command\`: a command list item (with \`progress\` while PROCESSING) on every status change;
- \`command.progress\`: \`{command_id, progress: {percent, out_time_seconds, speed, fps, eta_seconds}}\`;
- \`file\`: \`{file_id, status, is_deleted}\`.
A comment line is sent every 15 s as a heartbeat.`;

/** The FFDesk extras of docs/decisions.md (cancel, log, events, webhook) and the GUI's helpers. */
export const EXTRA_OPERATIONS: Operation[] = [
  { method: 'post', path: '/v1/commands/{command_id}/cancel', operationId: 'cancelCommand', tag: 'Commands', summary: 'Cancel a QUEUED or PROCESSING command (FFDesk)',
    description: 'It ends FAILED with error_status CANCELLED; ffmpeg is killed; no partial output is stored.',
    params: CommandIdParams, responses: { '200': json('The command record', CommandRecord), ...errors(401, 404) } },
  { method: 'patch', path: '/v1/commands/{command_id}', operationId: 'renameCommand', tag: 'Commands', summary: 'Rename a command (FFDesk)',
    description: 'Any status. A `command` event carries the new name; null goes back to the name derived from the command.',
    params: CommandIdParams, body: RenameBody, responses: { '200': json('The command record', CommandRecord), ...errors(401, 404, 422) } },
  { method: 'get', path: '/v1/commands/{command_id}/log', operationId: 'getCommandLog', tag: 'Commands', summary: "ffmpeg's stderr of the command (FFDesk)",
    params: CommandIdParams, responses: { '200': { description: 'Plain text, each chained step', mediaType: 'text/plain' }, ...errors(401, 404) } },
  { method: 'get', path: '/v1/events', operationId: 'streamEvents', tag: 'Events', summary: 'Live command and file events (FFDesk, SSE)',
    description: EVENTS_DESCRIPTION, query: EventsQuery, headers: [{ name: 'Last-Event-ID', description: 'Replay events after this id first' }],
    responses: { '200': { description: 'text/event-stream', mediaType: 'text/event-stream' }, ...errors(401, 422) } },
  { method: 'get', path: '/v1/webhook', operationId: 'getWebhook', tag: 'Webhooks', summary: "The account's webhook URL (url null when none)",
    description: 'The secret is not shown again after PUT: a leaked API key then cannot be used to forge events a receiver accepts.',
    responses: { '200': json('The webhook', WebhookConfig), ...errors(401) } },
  { method: 'put', path: '/v1/webhook', operationId: 'putWebhook', tag: 'Webhooks', summary: 'Set the webhook URL; returns a new whsec_ secret (shown once)',
    body: PutWebhookBody, responses: { '200': json('The webhook with its secret', WebhookWithSecret), ...errors(400, 401, 422) } },
  { method: 'delete', path: '/v1/webhook', operationId: 'deleteWebhook', tag: 'Webhooks', summary: 'Remove the webhook (pending retries then fail)',
    responses: { '204': ok204('Removed (idempotent)'), ...errors(401) } },
  { method: 'get', path: '/v1/webhook/deliveries', operationId: 'listWebhookDeliveries', tag: 'Webhooks', summary: 'Delivery log, newest first',
    query: PageQuery, responses: { '200': json('Bare array', Delivery, true), ...errors(401, 422) } },
  { method: 'post', path: '/v1/webhook/deliveries/{delivery_id}/replay', operationId: 'replayWebhookDelivery', tag: 'Webhooks',
    summary: 'Send a delivery again to the current URL, with a fresh retry schedule; answers after the first attempt',
    params: DeliveryIdParams, responses: { '200': json('The delivery after the attempt', Delivery), ...errors(401, 404) } },
  { method: 'post', path: '/v1/webhook/test', operationId: 'sendTestWebhook', tag: 'Webhooks',
    summary: 'Send a test event (a SUCCESS record with the nil command_id); answers after the first attempt',
    responses: { '200': json('The delivery after the attempt', Delivery), ...errors(401, 404) } },
  { method: 'get', path: '/v1/keys', operationId: 'listKeys', tag: 'Account', summary: "The account's API keys",
    responses: { '200': json('Bare array', ApiKeyItem, true), ...errors(401) } },
  { method: 'post', path: '/v1/keys', operationId: 'createKey', tag: 'Account', summary: 'Create a key for the caller\'s account (shown once)',
    body: CreateKeyBody, responses: { '200': json('The new key', CreatedKey), ...errors(401, 422) } },
  { method: 'delete', path: '/v1/keys/{key_id}', operationId: 'revokeKey', tag: 'Account', summary: 'Revoke a key of the account (not the one making the request)',
    params: KeyIdParams, responses: { '204': ok204('Revoked'), ...errors(400, 401, 404) } },
  { method: 'get', path: '/v1/account', operationId: 'getAccount', tag: 'Account', summary: 'Plan, quotas and usage',
    responses: { '200': json('The account', AccountInfo), ...errors(401) } },
  { method: 'get', path: '/v1/system', operationId: 'getSystem', tag: 'System', summary: 'Versions, paths, vCPU budget and running commands',
    responses: { '200': json('System information', SystemInfo), ...errors(401) } },
  { method: 'get', path: '/v1/capabilities', operationId: 'getCapabilities', tag: 'System', summary: 'What the ffmpeg in use can do (FFDesk)',
    description: 'Encoders, decoders, filters, muxers, demuxers, protocols, hwaccels and option names as listed by the ffmpeg binary itself '
      + '(read once per binary), and the hardware encoders that completed a test encode on this machine (`state: detecting` until those have run).',
    responses: { '200': json('The capabilities', CapabilitiesInfo), ...errors(401) } },
  { method: 'get', path: '/v1/health', operationId: 'getHealth', tag: 'System', summary: 'Liveness, and which ffmpeg/ffprobe run, chosen among which candidates and why (no key)', auth: false,
    responses: { '200': json('OK', Health) } },
  { method: 'get', path: '/v1/openapi.json', operationId: 'getOpenApi', tag: 'System', summary: 'This document (no key)', auth: false,
    responses: { '200': json('OpenAPI 3.1', z.record(z.string(), z.unknown())) } },
];
