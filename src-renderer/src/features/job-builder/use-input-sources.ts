import { useCallback, useEffect, useRef } from 'react';
import { API, type StoredFile } from '../../../../src-service/client';
import { rememberSourceFolder } from '../../lib/source-folder';
import { useApi } from '../../lib/api';
import { useEventHub } from '../../lib/events';
import { describeError } from '../../ui/ErrorNotice';
import { uploadInBrowser } from '../uploads/browser-upload';
import { waitForStored } from '../uploads/wait-stored';
import type { InputRow } from './form';
import { baseNameOf } from '../../lib/local-path';

/** Presigned input URLs must outlive the queue wait plus the run (docs/gui.md). */
const INPUT_URL_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Turns a picked stored file or a dropped local file into an input URL. A local file is
 * uploaded, then waited for until the service has probed and stored it (STORED), so the
 * row can show what it is. A file already stored with the same content is reused, not sent
 * again. A failed or cancelled upload leaves nothing behind in Files.
 */
export function useInputSources(updateInput: (key: string, patch: Partial<InputRow>) => void) {
  const { client } = useApi();
  const hub = useEventHub();
  const running = useRef(new Map<string, AbortController>());

  // Leaving the builder stops its uploads: nobody would pick up their result.
  useEffect(() => {
    const map = running.current;
    return () => map.forEach((c) => c.abort());
  }, []);

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
      updateInput(key, { fileName: file.filename, url: '', upload: undefined, media: file, previewUrl: undefined });
      try {
        updateInput(key, { url: await urlOf(file), fileName: file.filename });
      } catch (err) {
        updateInput(key, { upload: { percent: 0, error: describeError(err) } });
      }
    },
    [updateInput, urlOf],
  );

  const cancelLocal = useCallback((key: string) => {
    running.current.get(key)?.abort();
    running.current.delete(key);
  }, []);

  /**
   * A file of the local disk (the picker's "From disk…"): stored by the service from the disk
   * itself (POST /v1/local/open, docs/api.md §4.13), nothing uploaded, then used as a stored file.
   */
  const openFromDisk = useCallback(
    async (key: string, path: string, o: { quiet?: boolean } = {}): Promise<boolean> => {
      cancelLocal(key);
      const name = baseNameOf(path);
      updateInput(key, { source: 'local', fileName: name, url: '', media: undefined, previewUrl: undefined, upload: { percent: 99, phase: 'probing' } });
      try {
        const stored = await client.call(API.openLocalFile, { body: { path } });
        // Its folder, as the Cut screen keeps it: the job's Save to offers it, as HandBrake saves beside the source.
        rememberSourceFolder(stored.file_id, path);
        updateInput(key, { url: await urlOf(stored), fileName: stored.filename, media: stored, upload: { percent: 100 } });
        return true;
      } catch (err) {
        if (!o.quiet) updateInput(key, { upload: { percent: 0, error: describeError(err) } });
        return false;
      }
    },
    [client, updateInput, urlOf, cancelLocal],
  );

  const uploadLocal = useCallback(
    async (key: string, local: File, isPrivate: boolean) => {
      // The desktop app knows a chosen or dropped file's path: a public input is then opened in
      // place, as "From disk…" does, with no upload (an upload where that fails: outside home).
      const onDisk = isPrivate ? '' : (window.ffdesk?.pathForFile?.(local) ?? '');
      if (onDisk && (await openFromDisk(key, onDisk, { quiet: true }))) return;
      cancelLocal(key);
      const controller = new AbortController();
      running.current.set(key, controller);
      const { signal } = controller;
      const previewUrl = URL.createObjectURL(local);
      updateInput(key, { source: 'local', fileName: local.name, url: '', media: undefined, previewUrl, upload: { percent: 0, phase: 'uploading' } });
      let fileId: string | undefined;
      try {
        const done = await uploadInBrowser(client, local, {
          isPrivate,
          signal,
          onStarted: (id) => (fileId = id),
          onProgress: (p) =>
            updateInput(key, { upload: { percent: p.totalBytes ? Math.min(99, (100 * p.uploadedBytes) / p.totalBytes) : 99, phase: 'uploading' } }),
        });
        // A reused stored copy (same content) is never deleted below: it was there before.
        fileId = done.reused ? undefined : done.file_id;
        updateInput(key, { upload: { percent: 99, phase: 'probing' } });
        const stored = await waitForStored(client, hub, done.file_id, { signal, presignedTtlSeconds: INPUT_URL_TTL_SECONDS });
        updateInput(key, { url: await urlOf(stored), media: stored, upload: { percent: 100 } });
      } catch (err) {
        // The upload itself aborts its session; a completed one that never got stored is deleted.
        if (fileId) void client.deleteFile(fileId).catch(() => undefined);
        if (!signal.aborted) updateInput(key, { upload: { percent: 0, error: describeError(err) } });
      } finally {
        if (running.current.get(key) === controller) running.current.delete(key);
      }
    },
    [client, hub, updateInput, urlOf, cancelLocal, openFromDisk],
  );

  return { pickStored, uploadLocal, openFromDisk, cancelLocal, urlOf };
}
