import type { FfdeskClient } from '../../../../src-service/client';

/** The preset, batch, watch-folder and cache endpoints (docs/presets.md), as the GUI uses them. */
export interface PresetParameter {
  type: 'number' | 'integer' | 'string' | 'enum';
  default?: number | string;
  min?: number;
  max?: number;
  values?: string[];
  description?: string;
}

export interface Preset {
  name: string;
  version: number;
  builtin: boolean;
  title?: string;
  description?: string;
  parameters: Record<string, PresetParameter>;
  inputs: { alias: string; description?: string }[];
  zip_input?: boolean;
  outputs: Record<string, string> | 'OUTPUT_FOLDER';
  steps: string[];
  cache?: boolean;
}

export interface Batch {
  batch_id: string;
  preset: string;
  preset_version: number;
  created_at: string;
  status: 'RUNNING' | 'SUCCESS' | 'PARTIAL' | 'FAILED';
  total: number;
  done: number;
  failed: number;
  queued: number;
  processing: number;
  eta_seconds: number | null;
  items: { index: number; input: Record<string, string>; command_id: string; status: string; error_status: string | null; attempts: number }[];
}

export interface WatchFolder {
  watch_id: string;
  folder: string;
  output_folder: string;
  preset: string;
  running: number;
  done: number;
  failed: number;
  last_error: string | null;
  recent: { path: string; status: string; command_id: string | null; error: string | null; outputs: string[]; updated_at: string }[];
}

export interface CacheStats {
  entries: number;
  size_bytes: number;
  lookups: number;
  hits: number;
  hit_rate: number | null;
}

export class PresetApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export function presetApi(client: FfdeskClient, apiKey: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${client.baseUrl}${path}`, {
      method,
      headers: { 'X-API-KEY': apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 204) return undefined as T;
    const data = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    if (!res.ok) throw new PresetApiError(res.status, describeDetail(data?.detail) ?? `HTTP ${res.status}`);
    return data as T;
  }
  return {
    list: () => call<Preset[]>('GET', '/v1/presets'),
    save: (def: Omit<Preset, 'version' | 'builtin'>) => call<Preset>('POST', '/v1/presets', def),
    exportFile: (name: string) => call<unknown>('GET', `/v1/presets/${encodeURIComponent(name)}/export`),
    importFile: (file: unknown) => call<Preset>('POST', '/v1/presets/import', file),
    remove: (name: string) => call<void>('DELETE', `/v1/presets/${encodeURIComponent(name)}`),
    createBatch: (body: { preset: string; parameters: Record<string, string>; inputs: string[]; cache?: boolean }) => call<Batch>('POST', '/v1/batches', body),
    listBatches: () => call<Batch[]>('GET', '/v1/batches?limit=20'),
    cancelBatch: (id: string) => call<Batch>('POST', `/v1/batches/${encodeURIComponent(id)}/cancel`),
    retryFailed: (id: string) => call<Batch>('POST', `/v1/batches/${encodeURIComponent(id)}/retry-failed`),
    async downloadZip(id: string): Promise<Blob> {
      const res = await fetch(`${client.baseUrl}/v1/batches/${encodeURIComponent(id)}/outputs.zip`, { headers: { 'X-API-KEY': apiKey } });
      if (!res.ok) throw new PresetApiError(res.status, `HTTP ${res.status}`);
      return res.blob();
    },
    listWatch: () => call<WatchFolder[]>('GET', '/v1/watch-folders'),
    createWatch: (body: { folder: string; output_folder: string; preset: string; move_originals: boolean }) => call<WatchFolder>('POST', '/v1/watch-folders', body),
    removeWatch: (id: string) => call<void>('DELETE', `/v1/watch-folders/${encodeURIComponent(id)}`),
    cacheStats: () => call<CacheStats>('GET', '/v1/cache'),
    clearCache: () => call<void>('DELETE', '/v1/cache'),
  };
}

export type PresetApi = ReturnType<typeof presetApi>;

function describeDetail(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg ?? ''}`).join('; ');
  return undefined;
}

/** Saves a blob through a temporary link (works in the browser and in Electron's window). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
