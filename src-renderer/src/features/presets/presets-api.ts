import { API, type CallInput, type ClientAnswer, type FfdeskClient } from '../../../../src-service/client';

/** The preset, batch, watch-folder and cache endpoints (docs/presets.md), as the GUI uses them: calls and types from the service's contract through the client. */
export type Preset = ClientAnswer<typeof API.getPreset>;
export type PresetParameter = Preset['parameters'][string];
export type Batch = ClientAnswer<typeof API.getBatch>;
export type WatchFolder = ClientAnswer<typeof API.getWatchFolder>;
export type CacheStats = ClientAnswer<typeof API.getCacheStats>;
type Body<E extends keyof typeof API> = NonNullable<CallInput<(typeof API)[E]>['body']>;

export function presetApi(client: FfdeskClient) {
  const { call } = client;
  return {
    list: () => call(API.listPresets),
    save: (def: Body<'createPreset'>) => call(API.createPreset, { body: def }),
    exportFile: (name: string) => call(API.exportPreset, { params: { name } }),
    /** A file the user chose, sent as read: the service checks it (422 with the issues), as for any caller. */
    importFile: (file: unknown) => call(API.importPreset, { body: file as Body<'importPreset'> }),
    remove: (name: string) => call(API.deletePreset, { params: { name } }),
    createBatch: (body: Body<'createBatch'>) => call(API.createBatch, { body }),
    listBatches: () => call(API.listBatches, { query: { limit: 20 } }),
    cancelBatch: (id: string) => call(API.cancelBatch, { params: { batch_id: id } }),
    retryFailed: (id: string) => call(API.retryFailedBatchItems, { params: { batch_id: id } }),
    downloadZip: async (id: string) => (await call(API.downloadBatchOutputs, { params: { batch_id: id } })).blob(),
    listWatch: () => call(API.listWatchFolders),
    createWatch: (body: Body<'createWatchFolder'>) => call(API.createWatchFolder, { body }),
    removeWatch: (id: string) => call(API.deleteWatchFolder, { params: { watch_id: id } }),
    /** The folder picker's listing (GET /v1/local/folders: the local account's home folder). */
    folders: (path?: string) => call(API.listLocalFolders, { query: { path } }),
    cacheStats: () => call(API.getCacheStats),
    clearCache: () => call(API.clearCache),
  };
}

export type PresetApi = ReturnType<typeof presetApi>;

/** Saves a blob through a temporary link (works in the browser and in Electron's window). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
