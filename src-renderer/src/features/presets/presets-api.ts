import type { z } from 'zod';
import type { FfdeskClient } from '../../../../src-service/client';
import type { PresetRecordSchema } from '../../../../src-service/contract/presets.schema';
import type { BatchRecord } from '../../../../src-service/contract/batches.schema';
import type { WatchFolderRecord } from '../../../../src-service/contract/watch.schema';
import type { CacheStatsSchema } from '../../../../src-service/contract/cache.schema';
import { pathOf, type Endpoint } from '../../../../src-service/contract/endpoint';
import { presetEndpoints } from '../../../../src-service/contract/endpoints/presets';
import { batchEndpoints } from '../../../../src-service/contract/endpoints/batches';
import { watchEndpoints } from '../../../../src-service/contract/endpoints/watch';
import { cacheEndpoints } from '../../../../src-service/contract/endpoints/cache';

/** The preset, batch, watch-folder and cache endpoints (docs/presets.md), as the GUI uses them: types and paths from the service's contract. */
export type Preset = z.infer<typeof PresetRecordSchema>;
export type PresetParameter = Preset['parameters'][string];
export type Batch = z.infer<typeof BatchRecord>;
export type WatchFolder = z.infer<typeof WatchFolderRecord>;
export type CacheStats = z.infer<typeof CacheStatsSchema>;

export class PresetApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function presetApi(client: FfdeskClient, apiKey: string) {
  async function call<T>(endpoint: Endpoint, o: { params?: Record<string, string>; body?: unknown; search?: string } = {}): Promise<T> {
    const res = await fetch(`${client.baseUrl}${pathOf(endpoint.path, o.params)}${o.search ?? ''}`, {
      method: endpoint.method.toUpperCase(),
      headers: { 'X-API-KEY': apiKey, ...(o.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    if (res.status === 204) return undefined as T;
    const data = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    if (!res.ok) throw new PresetApiError(res.status, describeDetail(data?.detail) ?? `HTTP ${res.status}`);
    return data as T;
  }
  const p = presetEndpoints;
  const b = batchEndpoints;
  const w = watchEndpoints;
  return {
    list: () => call<Preset[]>(p.listPresets),
    save: (def: Omit<Preset, 'version' | 'builtin'>) => call<Preset>(p.createPreset, { body: def }),
    exportFile: (name: string) => call<unknown>(p.exportPreset, { params: { name } }),
    importFile: (file: unknown) => call<Preset>(p.importPreset, { body: file }),
    remove: (name: string) => call<void>(p.deletePreset, { params: { name } }),
    createBatch: (body: { preset: string; parameters: Record<string, string>; inputs: string[]; cache?: boolean }) => call<Batch>(b.createBatch, { body }),
    listBatches: () => call<Batch[]>(b.listBatches, { search: '?limit=20' }),
    cancelBatch: (id: string) => call<Batch>(b.cancelBatch, { params: { batch_id: id } }),
    retryFailed: (id: string) => call<Batch>(b.retryFailedBatchItems, { params: { batch_id: id } }),
    async downloadZip(id: string): Promise<Blob> {
      const res = await fetch(`${client.baseUrl}${pathOf(b.downloadBatchOutputs.path, { batch_id: id })}`, { headers: { 'X-API-KEY': apiKey } });
      if (!res.ok) throw new PresetApiError(res.status, `HTTP ${res.status}`);
      return res.blob();
    },
    listWatch: () => call<WatchFolder[]>(w.listWatchFolders),
    createWatch: (body: { folder: string; output_folder: string; preset: string; move_originals: boolean }) => call<WatchFolder>(w.createWatchFolder, { body }),
    removeWatch: (id: string) => call<void>(w.deleteWatchFolder, { params: { watch_id: id } }),
    cacheStats: () => call<CacheStats>(cacheEndpoints.getCacheStats),
    clearCache: () => call<void>(cacheEndpoints.clearCache),
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
