import type { LocalFoldersResponse, SaveToResponse } from '../../../src-service/contract/file-facts.schema';
import { API, type FfdeskClient } from '../../../src-service/client';

/**
 * The local folders of the service's machine (docs/api.md §4.13): the folder picker, saving a
 * finished job's outputs into a folder, showing a file in its folder. The local account of a
 * loopback service only; the service refuses any other.
 */
export function createLocalFoldersApi(client: FfdeskClient) {
  const { call } = client;
  return {
    /** `files: 'media'` lists the folder's video and audio files too (Open from disk); `'inputs'` any file a job may read. */
    folders: (path?: string, files?: 'media' | 'inputs'): Promise<LocalFoldersResponse> => call(API.listLocalFolders, { query: { path, files } }),
    makeFolder: (path: string, name: string): Promise<LocalFoldersResponse> => call(API.makeLocalFolder, { body: { path, name } }),
    saveTo: (commandId: string, folder: string, pattern: string): Promise<SaveToResponse> =>
      call(API.saveCommandOutputsTo, { params: { command_id: commandId }, body: { folder, pattern } }),
    reveal: (path: string) => call(API.revealLocalPath, { body: { path } }),
  };
}

export type LocalFoldersApi = ReturnType<typeof createLocalFoldersApi>;
