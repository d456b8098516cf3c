import { createHttp, type Http } from '../../../../src-service/client/http';
import { pathOf, type Endpoint } from '../../../../src-service/contract/endpoint';
import { fileFactEndpoints as ff } from '../../../../src-service/contract/endpoints/file-facts';
import { editEndpoints } from '../../../../src-service/contract/endpoints/edits';
import type { EditBody, EditMode } from '../../../../src-service/contract/edits.schema';
import type { z } from 'zod';
import type {
  KeyframesResponse,
  LocalFoldersResponse,
  ProxyResponse,
  SaveToResponse,
  TimelineResponse,
} from '../../../../src-service/contract/file-facts.schema';
import type { FfdeskClient } from '../../../../src-service/client';

/**
 * Every request of the clip view, in one place: the same /v1 calls a script makes
 * (docs/cutting.md), sent to the endpoints as declared in src-service/contract/endpoints/.
 */
export type { KeyframesResponse, LocalFoldersResponse, ProxyResponse, SaveToResponse, TimelineResponse };
export type { EditMode };
/** The body of POST /v1/edits, as the clip view fills it. */
export type EditRequest = z.input<typeof EditBody>;

export function createClipApi(client: FfdeskClient, apiKey: string) {
  const http: Http = createHttp({ baseUrl: client.baseUrl, apiKey });
  const call = <T>(
    e: Endpoint,
    o: { params?: Record<string, string>; query?: Record<string, string | undefined>; body?: unknown; signal?: AbortSignal } = {},
  ) => http.request<T>(pathOf(e.path, o.params), { method: e.method.toUpperCase(), query: o.query, body: o.body, signal: o.signal });
  return {
    getFile: (id: string, signal?: AbortSignal, presignedTtlSeconds?: number) => client.getFile(id, { signal, presignedTtlSeconds }),
    getCommand: (id: string) => client.getCommand(id),
    keyframes: (fileId: string, signal?: AbortSignal) => call<KeyframesResponse>(ff.getFileKeyframes, { params: { file_id: fileId }, signal }),
    timeline: (fileId: string, signal?: AbortSignal) => call<TimelineResponse>(ff.getFileTimeline, { params: { file_id: fileId }, signal }),
    proxy: (fileId: string, signal?: AbortSignal) => call<ProxyResponse>(ff.getFileProxy, { params: { file_id: fileId }, signal }),
    folders: (path?: string) => call<LocalFoldersResponse>(ff.listLocalFolders, { query: { path } }),
    saveTo: (commandId: string, folder: string, pattern: string) =>
      call<SaveToResponse>(ff.saveCommandOutputsTo, { params: { command_id: commandId }, body: { folder, pattern } }),
    reveal: (path: string) => call<{ opened: string }>(ff.revealLocalPath, { body: { path } }),
    submitEdit: (body: EditRequest) => call<{ command_id: string }>(editEndpoints.createEdit, { body }),
  };
}

export type ClipApi = ReturnType<typeof createClipApi>;
