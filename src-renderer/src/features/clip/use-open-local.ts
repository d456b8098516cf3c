import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../lib/api';
import { useEventHub } from '../../lib/events';
import { navigate } from '../../lib/router';
import { describeError } from '../../ui/ErrorNotice';
import { uploadInBrowser } from '../uploads/browser-upload';
import { waitForStored } from '../uploads/wait-stored';
import { createClipApi } from './clip-api';
import { rememberSourceFolder } from '../../lib/source-folder';
import { baseNameOf } from '../../lib/local-path';

export interface OpenState {
  name?: string;
  percent: number;
  phase?: 'uploading' | 'probing' | 'copying';
  error?: string;
}

/**
 * A local file dropped on the clip view: uploaded like any upload (resumable parts), then
 * waited for until the service has probed and stored it, then opened in the clip view. A file
 * whose path is known (chosen in "Open from disk", or dropped on the desktop app) is opened in
 * place instead: the service copies it from the disk (POST /v1/local/open), nothing is uploaded,
 * and its folder is remembered for Save to (source-folder.ts).
 */
export function useOpenLocal() {
  const { client } = useApi();
  const api = useMemo(() => createClipApi(client), [client]);
  const hub = useEventHub();
  const [state, setState] = useState<OpenState>({ percent: 0 });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const openPath = useCallback(
    async (path: string): Promise<boolean> => {
      running.current?.abort();
      const ctl = new AbortController();
      running.current = ctl;
      const name = baseNameOf(path);
      setState({ name, percent: 0, phase: 'copying' });
      try {
        const stored = await api.openLocal(path);
        if (ctl.signal.aborted) return true;
        rememberSourceFolder(stored.file_id, path);
        navigate({ name: 'clip', id: stored.file_id });
        return true;
      } catch (err) {
        if (!ctl.signal.aborted) setState({ name, percent: 0, error: describeError(err) });
        return false;
      }
    },
    [api],
  );

  const open = useCallback(
    async (file: File) => {
      // The desktop app knows a dropped file's path: opened in place, no upload (an upload where that fails).
      const path = window.ffdesk?.pathForFile?.(file);
      if (path && (await openPath(path))) return;
      running.current?.abort();
      const ctl = new AbortController();
      running.current = ctl;
      setState({ name: file.name, percent: 0, phase: 'uploading' });
      try {
        const done = await uploadInBrowser(client, file, {
          isPrivate: false,
          signal: ctl.signal,
          onProgress: (p) => setState((s) => ({ ...s, percent: p.totalBytes ? Math.min(99, (100 * p.uploadedBytes) / p.totalBytes) : 99 })),
        });
        setState((s) => ({ ...s, percent: 99, phase: 'probing' }));
        const stored = await waitForStored(client, hub, done.file_id, { signal: ctl.signal });
        navigate({ name: 'clip', id: stored.file_id });
      } catch (err) {
        if (!ctl.signal.aborted) setState({ name: file.name, percent: 0, error: describeError(err) });
      }
    },
    [client, hub, openPath],
  );
  return { state, open, openPath };
}
