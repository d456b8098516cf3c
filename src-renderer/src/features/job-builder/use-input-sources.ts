import { useCallback } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { describeError } from '../../ui/ErrorNotice';
import type { InputRow } from './form';

/** Presigned input URLs must outlive the queue wait plus the run (spec 4.9 rule 3). */
const INPUT_URL_TTL_SECONDS = 7 * 24 * 3600;

/** Turns a picked stored file or a dropped local file into an input URL. */
export function useInputSources(updateInput: (key: string, patch: Partial<InputRow>) => void) {
  const { client } = useApi();

  const urlOf = useCallback(
    async (file: StoredFile): Promise<string> => {
      if (file.storage_url) return file.storage_url;
      const signed = await client.getFile(file.file_id, { presignedTtlSeconds: INPUT_URL_TTL_SECONDS });
      if (!signed.storage_url) throw new Error(`${file.filename ?? file.file_id} has no URL (deleted?)`);
      return signed.storage_url;
    },
    [client],
  );

  const pickStored = useCallback(
    async (key: string, file: StoredFile) => {
      updateInput(key, { fileName: file.filename, url: '', upload: undefined });
      try {
        updateInput(key, { url: await urlOf(file), fileName: file.filename });
      } catch (err) {
        updateInput(key, { upload: { percent: 0, error: describeError(err) } });
      }
    },
    [updateInput, urlOf],
  );

  const uploadLocal = useCallback(
    async (key: string, local: File, isPrivate: boolean) => {
      updateInput(key, { fileName: local.name, url: '', upload: { percent: 0 } });
      try {
        const done = await client.uploadFile(local, {
          isPrivate,
          onProgress: (p) => updateInput(key, { upload: { percent: p.totalBytes ? Math.min(99, (100 * p.uploadedBytes) / p.totalBytes) : 99 } }),
        });
        updateInput(key, { url: await urlOf(done), upload: { percent: 100 } });
      } catch (err) {
        updateInput(key, { upload: { percent: 0, error: describeError(err) } });
      }
    },
    [client, updateInput, urlOf],
  );

  return { pickStored, uploadLocal, urlOf };
}
