import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommandRecord } from '../../../../src-service/client';
import { useEventHub } from '../../lib/events';
import { describeError } from '../../ui/ErrorNotice';
import { watchJob } from '../../lib/watched-jobs';
import type { ClipApi, EditRequest } from './clip-api';

export interface EditRun {
  commandId?: string;
  record?: CommandRecord;
  percent: number | null;
  /** What the job is doing before it cuts ("remux": an MPEG-TS input copied so it seeks exactly); none while it cuts. */
  stage?: string;
  error?: string;
  isSubmitting: boolean;
}

/**
 * One export: submits POST /v1/edits, then follows the command like any job (the event
 * stream's progress and status, the record read again at each status change). While the view is
 * open, its line says how the export ended, so the job-end toast keeps away (lib/watched-jobs.ts).
 */
export function useEditRun(api: ClipApi, restoredId?: string) {
  const hub = useEventHub();
  // The export of an earlier visit to this file (export-store.ts): followed like one just started.
  const [run, setRun] = useState<EditRun>({ percent: null, isSubmitting: false, ...(restoredId ? { commandId: restoredId } : {}) });
  const restored = useRef(restoredId);
  const id = run.commandId;
  const unwatch = useRef<(() => void) | null>(null);
  useEffect(() => () => unwatch.current?.(), []);

  useEffect(() => {
    if (!id) return;
    const refresh = () =>
      api.getCommand(id).then(
        (record) => setRun((r) => (r.commandId === id ? { ...r, record } : r)),
        // A job of an earlier visit that is gone (deleted): the panel shows no export rather than one queued for ever.
        () => id === restored.current && setRun((r) => (r.commandId === id && !r.record ? { percent: null, isSubmitting: false } : r)),
      );
    void refresh();
    return hub.listen((e) => {
      if (e.type === 'command.progress' && e.data.command_id === id) {
        const stage = (e.data.progress as { stage?: unknown }).stage;
        setRun((r) => ({ ...r, percent: e.data.progress.percent, stage: typeof stage === 'string' ? stage : undefined }));
      }
      if (e.type === 'command' && e.data.command_id === id) void refresh();
    });
  }, [api, hub, id]);

  const submit = useCallback(
    async (body: EditRequest) => {
      setRun({ percent: null, isSubmitting: true });
      try {
        const { command_id } = await api.submitEdit(body);
        // At once, before a render: a short cut can end before the effects of the next one run.
        unwatch.current?.();
        unwatch.current = watchJob(command_id);
        setRun({ commandId: command_id, percent: null, isSubmitting: false });
      } catch (err) {
        setRun({ percent: null, isSubmitting: false, error: describeError(err) });
      }
    },
    [api],
  );
  return { run, submit };
}
