import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../lib/api';
import { useEventHub } from '../../lib/events';
import { navigate } from '../../lib/router';
import { describeError } from '../../ui/ErrorNotice';
import { uploadInBrowser } from '../uploads/browser-upload';
import { waitForStored } from '../uploads/wait-stored';

export interface OpenState {
  name?: string;
  percent: number;
  phase?: 'uploading' | 'probing';
  error?: string;
}

/**
 * A local file dropped on the clip view: uploaded like any upload (resumable parts), then
 * waited for until the service has probed and stored it, then opened in the clip view.
 */
export function useOpenLocal() {
  const { client } = useApi();
  const hub = useEventHub();
  const [state, setState] = useState<OpenState>({ percent: 0 });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const open = useCallback(
    async (file: File) => {
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
    [client, hub],
  );
  return { state, open };
}
