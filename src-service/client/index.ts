import { createHttp, type FetchLike } from './http';
import { subscribeEvents, type SubscribeOptions } from './events';
import { uploadFile, type UploadOptions } from './upload';
import { waitForCommand, type WaitOptions } from './wait';
import type {
  Account, ApiKeyInfo, CommandListItem, CommandRecord, CreatedApiKey, Health, InitUploadRequest, InitUploadResponse,
  Plan, RunChainedRequest, RunCommandRequest, StoredFile, SystemInfo, Capabilities, UploadedPart, WebhookConfig, WebhookDelivery, WorkersList,
} from './types';

export * from './types';
export { ApiError, NetworkError, isApiError, isAbortError, describeIssues } from './errors';
export type { UploadOptions, UploadProgress } from './upload';
export type { SubscribeOptions } from './events';
export type { WaitOptions } from './wait';
export { planParts, createRateMeter, type PartPlan } from './upload-plan';
export { createSseParser, type SseMessage } from './sse-parser';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
}

export interface Page {
  limit?: number;
  offset?: number;
}

type Signal = { signal?: AbortSignal };

/**
 * The typed /v1 client: one method per endpoint, browser-safe (fetch only). Used by the
 * GUI, the CLI and scripts alike. Errors are ApiError values (status, detail, body).
 */
export function createClient(options: ClientOptions) {
  const http = createHttp(options);
  const enc = encodeURIComponent;
  const client = {
    baseUrl: http.baseUrl,
    runCommand: (body: RunCommandRequest, o?: Signal) => http.request<{ command_id: string }>('/v1/run-ffmpeg-command', { body, signal: o?.signal }),
    /** Every check of a submit, nothing queued (FFDesk: `?dry_run=true`); throws the 422/403 an actual submit would. */
    checkCommand: (body: RunCommandRequest | RunChainedRequest, chained: boolean, o?: Signal) =>
      http.request<{ dry_run: true }>(chained ? '/v1/run-chained-ffmpeg-commands' : '/v1/run-ffmpeg-command', { body, query: { dry_run: 'true' }, signal: o?.signal }),
    runChained: (body: RunChainedRequest, o?: Signal) =>
      http.request<{ command_ids: string[]; command_id: string }>('/v1/run-chained-ffmpeg-commands', { body, signal: o?.signal }),
    getCommand: (id: string, o: { presignedTtlSeconds?: number } & Signal = {}) =>
      http.request<CommandRecord>(`/v1/commands/${enc(id)}`, { query: { presigned_ttl_seconds: o.presignedTtlSeconds }, signal: o.signal }),
    listCommands: (page: Page & Signal & { q?: string } = {}) =>
      http.request<CommandListItem[]>('/v1/commands', { query: { limit: page.limit, offset: page.offset, q: page.q }, signal: page.signal }),
    /** FFDesk: rename a command; null goes back to the derived name. */
    renameCommand: (id: string, name: string | null) => http.request<CommandRecord>(`/v1/commands/${enc(id)}`, { method: 'PATCH', body: { name } }),
    cancelCommand: (id: string) => http.request<CommandRecord>(`/v1/commands/${enc(id)}/cancel`, { method: 'POST' }),
    getCommandLog: (id: string, o?: Signal) => http.request<string>(`/v1/commands/${enc(id)}/log`, { as: 'text', signal: o?.signal }),
    deleteCommandFiles: (id: string) => http.request<void>(`/v1/commands/${enc(id)}/files`, { method: 'DELETE', as: 'none' }),
    /** FFDesk: every stored output of the command as one zip (playlists as folders). */
    downloadCommandFiles: (id: string, o?: Signal) => http.request<Blob>(`/v1/commands/${enc(id)}/files.zip`, { as: 'blob', signal: o?.signal }),

    getFile: (id: string, o: { presignedTtlSeconds?: number } & Signal = {}) =>
      http.request<StoredFile>(`/v1/files/${enc(id)}`, { query: { presigned_ttl_seconds: o.presignedTtlSeconds }, signal: o.signal }),
    /** Stored files only, unless `status: 'all'` (every state but deleted). */
    listFiles: (page: Page & Signal & { status?: 'stored' | 'all' } = {}) =>
      http.request<StoredFile[]>('/v1/files', { query: { limit: page.limit, offset: page.offset, status: page.status }, signal: page.signal }),
    storeFile: (body: { file_url: string; is_private?: boolean }) => http.request<{ file_id: string }>('/v1/files/store-file', { body }),
    initUpload: (body: InitUploadRequest, signal?: AbortSignal) => http.request<InitUploadResponse>('/v1/files/init-upload', { body, signal }),
    completeUpload: (id: string, parts: UploadedPart[], signal?: AbortSignal) =>
      http.request<StoredFile>(`/v1/files/${enc(id)}/complete-upload`, { body: { parts }, signal }),
    abortUpload: (id: string) => http.request<StoredFile>(`/v1/files/${enc(id)}/abort-upload`, { method: 'POST' }),
    deleteFile: (id: string) => http.request<void>(`/v1/files/${enc(id)}`, { method: 'DELETE', as: 'none' }),
    bulkDelete: (fileIds: string[]) => http.request<{ deleted_file_ids: string[] }>('/v1/files/bulk-delete', { body: { file_ids: fileIds } }),

    getWebhook: () => http.request<WebhookConfig>('/v1/webhook'),
    putWebhook: (url: string) => http.request<WebhookConfig>('/v1/webhook', { method: 'PUT', body: { url } }),
    deleteWebhook: () => http.request<void>('/v1/webhook', { method: 'DELETE', as: 'none' }),
    listWebhookDeliveries: (page: { limit?: number; offset?: number } = {}) =>
      http.request<WebhookDelivery[]>(`/v1/webhook/deliveries${pageQuery(page)}`),
    /** Sends a signed test event now; resolves with the delivery once the attempt is recorded. */
    testWebhook: () => http.request<WebhookDelivery>('/v1/webhook/test', { method: 'POST' }),
    replayWebhookDelivery: (deliveryId: string) => http.request<WebhookDelivery>(`/v1/webhook/deliveries/${enc(deliveryId)}/replay`, { method: 'POST' }),

    health: () => http.request<Health>('/v1/health'),
    system: () => http.request<SystemInfo>('/v1/system'),
    /** What the ffmpeg in use can do (large: every encoder, filter and option name). */
    capabilities: () => http.request<Capabilities>('/v1/capabilities'),
    workers: () => http.request<WorkersList>('/v1/workers'),
    account: () => http.request<Account>('/v1/account'),
    listKeys: () => http.request<ApiKeyInfo[]>('/v1/keys'),
    /** A new key of the caller's account (it inherits the account's plan). */
    createKey: (opts: { label?: string; plan?: Plan } = {}) => http.request<CreatedApiKey>('/v1/keys', { body: opts }),
    revokeKey: (keyId: string) => http.request<void>(`/v1/keys/${enc(keyId)}`, { method: 'DELETE', as: 'none' }),

    waitForCommand: (id: string, o?: WaitOptions) => waitForCommand(client.getCommand, id, o),
    uploadFile: (blob: Blob, o?: UploadOptions) => uploadFile(http, client, blob, o),
    subscribeEvents: (o: SubscribeOptions) => subscribeEvents(http, o),
  };
  return client;
}

export type FfdeskClient = ReturnType<typeof createClient>;

function pageQuery(page: { limit?: number; offset?: number }): string {
  const q = new URLSearchParams();
  if (page.limit !== undefined) q.set('limit', String(page.limit));
  if (page.offset !== undefined) q.set('offset', String(page.offset));
  const text = q.toString();
  return text ? `?${text}` : '';
}
