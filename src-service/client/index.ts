import { createHttp, type FetchLike } from './http';
import type { Endpoint } from '../contract/endpoint';
import { API } from './endpoints';
import { callEndpoint, openStorageUrl, type CallArgs, type CallInput, type ClientAnswer } from './call';
import { subscribeEvents, type SubscribeOptions } from './events';
import { uploadFile, type UploadOptions } from './upload';
import { findStoredCopy } from './stored-copy';
import { waitForCommand, type WaitOptions } from './wait';
import type { Plan, RunChainedRequest, RunCommandRequest, UploadedPart } from './types';

export * from './types';
export { ApiError, NetworkError, isApiError, isAbortError, describeIssues } from './errors';
export type { UploadOptions, UploadProgress } from './upload';
export type { SubscribeOptions } from './events';
export type { WaitOptions } from './wait';
export type { CallArgs, CallInput, ClientAnswer } from './call';
export { API, type Api, type OperationId } from './endpoints';
export { isChainedRequest, isEditRequest, stepsOf } from './command-request';
export { contentHashOf } from './content-hash';
export { planParts, createRateMeter, type PartPlan } from './upload-plan';
export { createSseParser, type SseMessage } from './sse-parser';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Only for the worker protocol's endpoints (auth `worker`). */
  workerToken?: string;
  fetch?: FetchLike;
}

export interface Page {
  limit?: number;
  offset?: number;
}

type Signal = { signal?: AbortSignal };

/**
 * The typed /v1 client, derived from the contract: `call(endpoint, input)` reaches every
 * declared endpoint (`API.<operationId>`), its input and answer typed from the declaration.
 * The named methods below are one-line conveniences over it, plus the helpers that are more
 * than one request (upload, wait, the event stream). Browser-safe (fetch only); used by the
 * GUI, the CLI and scripts alike. Every error answer is an ApiError (status, detail, body).
 */
export function createClient(options: ClientOptions) {
  const http = createHttp(options);
  const call = <E extends Endpoint>(e: E, ...[input]: CallArgs<E>): Promise<ClientAnswer<E>> => callEndpoint(http, e, input as CallInput<E>);
  const client = {
    baseUrl: http.baseUrl,
    call,
    runCommand: (body: RunCommandRequest, o?: Signal) => call(API.runFfmpegCommand, { body, signal: o?.signal }).then(queued),
    /** Every check of a submit, nothing queued (FFDesk: `?dry_run=true`); throws the 422/403 an actual submit would. */
    checkCommand: (body: RunCommandRequest | RunChainedRequest, chained: boolean, o?: Signal) =>
      chained
        ? call(API.runChainedFfmpegCommands, { body, query: { dry_run: 'true' }, signal: o?.signal })
        : call(API.runFfmpegCommand, { body: body as RunCommandRequest, query: { dry_run: 'true' }, signal: o?.signal }),
    runChained: (body: RunChainedRequest, o?: Signal) => call(API.runChainedFfmpegCommands, { body, signal: o?.signal }).then(queued),
    /** FFDesk: cut segments of one input (docs/cutting.md); the result is an ordinary command. */
    runEdit: (body: CallInput<typeof API.createEdit>['body'], o?: Signal) => call(API.createEdit, { body, signal: o?.signal }).then(queued),
    getCommand: (id: string, o: { presignedTtlSeconds?: number } & Signal = {}) =>
      call(API.getCommand, { params: { command_id: id }, query: { presigned_ttl_seconds: o.presignedTtlSeconds }, signal: o.signal }),
    listCommands: (page: Page & Signal & { q?: string } = {}) =>
      call(API.listCommands, { query: { limit: page.limit, offset: page.offset, q: page.q }, signal: page.signal }),
    /** FFDesk: rename a command; null goes back to the derived name. */
    renameCommand: (id: string, name: string | null) => call(API.renameCommand, { params: { command_id: id }, body: { name } }),
    cancelCommand: (id: string) => call(API.cancelCommand, { params: { command_id: id } }),
    getCommandLog: (id: string, o?: Signal) => call(API.getCommandLog, { params: { command_id: id }, signal: o?.signal }),
    deleteCommandFiles: (id: string) => call(API.deleteCommandFiles, { params: { command_id: id } }),
    /** FFDesk: every stored output of the command as one zip (playlists as folders). */
    downloadCommandFiles: (id: string, o?: Signal) => call(API.downloadCommandFiles, { params: { command_id: id }, signal: o?.signal }).then((r) => r.blob()),

    getFile: (id: string, o: { presignedTtlSeconds?: number } & Signal = {}) =>
      call(API.getFile, { params: { file_id: id }, query: { presigned_ttl_seconds: o.presignedTtlSeconds }, signal: o.signal }),
    /** Stored files only, unless `status: 'all'` (every state but deleted). */
    listFiles: (page: Page & Signal & { status?: 'stored' | 'all'; contentHash?: string } = {}) =>
      call(API.listFiles, { query: { limit: page.limit, offset: page.offset, status: page.status, content_hash: page.contentHash }, signal: page.signal }),
    /** FFDesk: a stored file with the same bytes and privacy as `blob`, to reuse instead of uploading it again (docs/choices.md). */
    findStoredCopy: (blob: Blob, o: { filename: string; isPrivate: boolean } & Signal) => findStoredCopy(client.listFiles, blob, o),
    storeFile: (body: { file_url: string; is_private?: boolean }) => call(API.storeFile, { body }),
    initUpload: (body: CallInput<typeof API.initUpload>['body'], signal?: AbortSignal) => call(API.initUpload, { body, signal }),
    completeUpload: (id: string, parts: UploadedPart[], signal?: AbortSignal) => call(API.completeUpload, { params: { file_id: id }, body: { parts }, signal }),
    abortUpload: (id: string) => call(API.abortUpload, { params: { file_id: id } }),
    deleteFile: (id: string) => call(API.deleteFile, { params: { file_id: id } }),
    bulkDelete: (fileIds: string[]) => call(API.bulkDeleteFiles, { body: { file_ids: fileIds } }),

    getWebhook: () => call(API.getWebhook),
    putWebhook: (url: string) => call(API.putWebhook, { body: { url } }),
    deleteWebhook: () => call(API.deleteWebhook),
    listWebhookDeliveries: (page: Page = {}) => call(API.listWebhookDeliveries, { query: { limit: page.limit, offset: page.offset } }),
    /** Sends a signed test event now; resolves with the delivery once the attempt is recorded. */
    testWebhook: () => call(API.sendTestWebhook),
    replayWebhookDelivery: (deliveryId: string) => call(API.replayWebhookDelivery, { params: { delivery_id: deliveryId } }),

    health: () => call(API.getHealth),
    system: () => call(API.getSystem),
    /** What the ffmpeg in use can do (large: every encoder, filter and option name). */
    capabilities: () => call(API.getCapabilities),
    workers: () => call(API.listWorkers),
    account: () => call(API.getAccount),
    listKeys: () => call(API.listKeys),
    /** A new key of the caller's account (it inherits the account's plan). */
    createKey: (opts: { label?: string; plan?: Plan } = {}) => call(API.createKey, { body: opts }),
    revokeKey: (keyId: string) => call(API.revokeKey, { params: { key_id: keyId } }),

    /** A file's `storage_url` (signed or public, as the service handed it out), its body unread so it can be streamed. */
    openStorageUrl: (url: string, o?: Signal) => openStorageUrl(http, url, o?.signal),
    waitForCommand: (id: string, o?: WaitOptions) => waitForCommand(client.getCommand, id, o),
    uploadFile: (blob: Blob, o?: UploadOptions) => uploadFile(http, client, blob, o),
    subscribeEvents: (o: SubscribeOptions) => subscribeEvents(client.call, o),
  };
  return client;
}

export type FfdeskClient = ReturnType<typeof createClient>;

/** A submit sent without `dry_run` answers the queued ids; the declared answer also holds the dry run's `{dry_run: true}`. */
function queued<A extends object>(answer: A): Exclude<A, { dry_run: true }> {
  if ('dry_run' in answer) throw new Error('A submit without dry_run answered as a dry run');
  return answer as Exclude<A, { dry_run: true }>;
}
