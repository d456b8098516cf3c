import { createHttp, type FetchLike, type RequestOptions } from './http';
import { pathOf, type Endpoint } from '../contract/endpoint';
import { commandEndpoints } from '../contract/endpoints/commands';
import { fileEndpoints } from '../contract/endpoints/files';
import { keyEndpoints } from '../contract/endpoints/keys';
import { systemEndpoints } from '../contract/endpoints/system';
import { webhookEndpoints } from '../contract/endpoints/webhook';
import { workerEndpoints } from '../contract/endpoints/workers';
import { editEndpoints } from '../contract/endpoints/edits';
import { subscribeEvents, type SubscribeOptions } from './events';
import { uploadFile, type UploadOptions } from './upload';
import { waitForCommand, type WaitOptions } from './wait';
import type {
  Account,
  ApiKeyInfo,
  CommandListItem,
  CommandRecord,
  CreatedApiKey,
  EditRequest,
  Health,
  InitUploadRequest,
  InitUploadResponse,
  Plan,
  RunChainedRequest,
  RunCommandRequest,
  StoredFile,
  SystemInfo,
  Capabilities,
  UploadedPart,
  WebhookConfig,
  WebhookDelivery,
  WorkersList,
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
  /** One request to a declared endpoint: its method and path come from the declaration (src-service/contract/endpoints/). */
  const call = <T>(
    e: Endpoint,
    o: { params?: Record<string, string>; query?: RequestOptions['query']; body?: unknown; as?: RequestOptions['as'] } & Signal = {},
  ) => http.request<T>(pathOf(e.path, o.params), { method: e.method.toUpperCase(), query: o.query, body: o.body, signal: o.signal, as: o.as });
  const c = commandEndpoints;
  const f = fileEndpoints;
  const w = webhookEndpoints;
  const client = {
    baseUrl: http.baseUrl,
    runCommand: (body: RunCommandRequest, o?: Signal) => call<{ command_id: string }>(c.runFfmpegCommand, { body, signal: o?.signal }),
    /** Every check of a submit, nothing queued (FFDesk: `?dry_run=true`); throws the 422/403 an actual submit would. */
    checkCommand: (body: RunCommandRequest | RunChainedRequest, chained: boolean, o?: Signal) =>
      call<{ dry_run: true }>(chained ? c.runChainedFfmpegCommands : c.runFfmpegCommand, { body, query: { dry_run: 'true' }, signal: o?.signal }),
    runChained: (body: RunChainedRequest, o?: Signal) =>
      call<{ command_ids: string[]; command_id: string }>(c.runChainedFfmpegCommands, { body, signal: o?.signal }),
    /** FFDesk: cut segments of one input (docs/cutting.md); the answer is an ordinary command. */
    createEdit: (body: EditRequest, o?: Signal) => call<{ command_id: string }>(editEndpoints.createEdit, { body, signal: o?.signal }),
    /** FFDesk: every check of an edit, nothing queued (`?dry_run=true`). */
    checkEdit: (body: EditRequest, o?: Signal) => call<{ dry_run: true }>(editEndpoints.createEdit, { body, query: { dry_run: 'true' }, signal: o?.signal }),
    getCommand: (id: string, o: { presignedTtlSeconds?: number } & Signal = {}) =>
      call<CommandRecord>(c.getCommand, { params: { command_id: id }, query: { presigned_ttl_seconds: o.presignedTtlSeconds }, signal: o.signal }),
    listCommands: (page: Page & Signal & { q?: string } = {}) =>
      call<CommandListItem[]>(c.listCommands, { query: { limit: page.limit, offset: page.offset, q: page.q }, signal: page.signal }),
    /** FFDesk: rename a command; null goes back to the derived name. */
    renameCommand: (id: string, name: string | null) => call<CommandRecord>(c.renameCommand, { params: { command_id: id }, body: { name } }),
    cancelCommand: (id: string) => call<CommandRecord>(c.cancelCommand, { params: { command_id: id } }),
    getCommandLog: (id: string, o?: Signal) => call<string>(c.getCommandLog, { params: { command_id: id }, as: 'text', signal: o?.signal }),
    deleteCommandFiles: (id: string) => call<void>(f.deleteCommandFiles, { params: { command_id: id }, as: 'none' }),
    /** FFDesk: every stored output of the command as one zip (playlists as folders). */
    downloadCommandFiles: (id: string, o?: Signal) => call<Blob>(f.downloadCommandFiles, { params: { command_id: id }, as: 'blob', signal: o?.signal }),

    getFile: (id: string, o: { presignedTtlSeconds?: number } & Signal = {}) =>
      call<StoredFile>(f.getFile, { params: { file_id: id }, query: { presigned_ttl_seconds: o.presignedTtlSeconds }, signal: o.signal }),
    /** Stored files only, unless `status: 'all'` (every state but deleted). */
    listFiles: (page: Page & Signal & { status?: 'stored' | 'all' } = {}) =>
      call<StoredFile[]>(f.listFiles, { query: { limit: page.limit, offset: page.offset, status: page.status }, signal: page.signal }),
    storeFile: (body: { file_url: string; is_private?: boolean }) => call<{ file_id: string }>(f.storeFile, { body }),
    initUpload: (body: InitUploadRequest, signal?: AbortSignal) => call<InitUploadResponse>(f.initUpload, { body, signal }),
    completeUpload: (id: string, parts: UploadedPart[], signal?: AbortSignal) =>
      call<StoredFile>(f.completeUpload, { params: { file_id: id }, body: { parts }, signal }),
    abortUpload: (id: string) => call<StoredFile>(f.abortUpload, { params: { file_id: id } }),
    deleteFile: (id: string) => call<void>(f.deleteFile, { params: { file_id: id }, as: 'none' }),
    bulkDelete: (fileIds: string[]) => call<{ deleted_file_ids: string[] }>(f.bulkDeleteFiles, { body: { file_ids: fileIds } }),

    getWebhook: () => call<WebhookConfig>(w.getWebhook),
    putWebhook: (url: string) => call<WebhookConfig>(w.putWebhook, { body: { url } }),
    deleteWebhook: () => call<void>(w.deleteWebhook, { as: 'none' }),
    listWebhookDeliveries: (page: { limit?: number; offset?: number } = {}) =>
      call<WebhookDelivery[]>(w.listWebhookDeliveries, { query: { limit: page.limit, offset: page.offset } }),
    /** Sends a signed test event now; resolves with the delivery once the attempt is recorded. */
    testWebhook: () => call<WebhookDelivery>(w.sendTestWebhook),
    replayWebhookDelivery: (deliveryId: string) => call<WebhookDelivery>(w.replayWebhookDelivery, { params: { delivery_id: deliveryId } }),

    health: () => call<Health>(systemEndpoints.getHealth),
    system: () => call<SystemInfo>(systemEndpoints.getSystem),
    /** What the ffmpeg in use can do (large: every encoder, filter and option name). */
    capabilities: () => call<Capabilities>(systemEndpoints.getCapabilities),
    workers: () => call<WorkersList>(workerEndpoints.listWorkers),
    account: () => call<Account>(systemEndpoints.getAccount),
    listKeys: () => call<ApiKeyInfo[]>(keyEndpoints.listKeys),
    /** A new key of the caller's account (it inherits the account's plan). */
    createKey: (opts: { label?: string; plan?: Plan } = {}) => call<CreatedApiKey>(keyEndpoints.createKey, { body: opts }),
    revokeKey: (keyId: string) => call<void>(keyEndpoints.revokeKey, { params: { key_id: keyId }, as: 'none' }),

    waitForCommand: (id: string, o?: WaitOptions) => waitForCommand(client.getCommand, id, o),
    uploadFile: (blob: Blob, o?: UploadOptions) => uploadFile(http, client, blob, o),
    subscribeEvents: (o: SubscribeOptions) => subscribeEvents(http, o),
  };
  return client;
}

export type FfdeskClient = ReturnType<typeof createClient>;
