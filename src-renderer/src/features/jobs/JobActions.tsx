import { useRef, useState } from 'react';
import { isEditRequest, type CommandRecord } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { cutAgainOf, openCutAgain } from '../../lib/cut-handoff';
import { isFocusLost } from '../../lib/focus-lost';
import { handOffToJobBuilder } from '../../lib/job-handoff';
import { navigate } from '../../lib/router';
import { Button } from '../../ui/Button';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { describeError } from '../../ui/ErrorNotice';
import { showToast } from '../../ui/toast';
import { SaveAsPreset } from '../../ui/SaveAsPreset';

/**
 * Cancel, re-run, edit as new (a cut: cut again, on the Cut screen), delete outputs. A cut's
 * request is a POST /v1/edits body: it runs again there, and neither the builder nor a preset can
 * hold it (docs/gui.md, "Cut again").
 */
export function JobActions({ job, onChanged }: { job: CommandRecord; onChanged(): void }) {
  const { client } = useApi();
  const [isBusy, setBusy] = useState(false);
  const request = job.original_request;
  const edit = isEditRequest(request) ? request : null;
  const again = edit && cutAgainOf(edit);
  const [useCache, setUseCache] = useState(!isEditRequest(request) && request.cache === true);
  const isActive = job.status === 'QUEUED' || job.status === 'PROCESSING';
  const hasOutputs = Object.values(job.output_files ?? {}).some((f) => !f.is_deleted);
  // Cancel confirmed: the button goes with the run, and the keys go on at Re-run, which takes its place
  // (they fell to the screen's heading, and the actions were a dozen Tabs away again).
  const wasCancelled = useRef(false);
  // Called on every render (a new callback each time): the job's end can come before the cancel's answer, while
  // Re-run is still disabled and cannot take the focus; it takes it once enabled.
  const takeFocusAfterCancel = (el: HTMLButtonElement | null) => {
    if (!el || !wasCancelled.current || el.disabled) return;
    wasCancelled.current = false;
    if (isFocusLost()) el.focus();
  };

  async function act(label: string, run: () => Promise<void>) {
    setBusy(true);
    try {
      await run();
    } catch (err) {
      showToast(`${label} failed: ${describeError(err)}`, { isError: true });
    } finally {
      setBusy(false);
    }
  }

  const rerun = () =>
    act('Re-run', async () => {
      const id = edit ? (await client.runEdit(edit)).command_id : await runAgain();
      if (id) navigate({ name: 'jobs', id });
    });
  const runAgain = async () => {
    if (isEditRequest(request)) return undefined;
    const { cache: _wasCached, ...rest } = request;
    const req = useCache ? { ...rest, cache: true } : rest;
    return 'ffmpeg_command' in req ? (await client.runCommand(req)).command_id : (await client.runChained(req)).command_ids[0];
  };

  return (
    <div className="row-wrap" role="toolbar" aria-label="Job actions">
      {isActive && (
        <ConfirmButton
          label="Cancel job"
          confirmLabel="Really cancel?"
          disabled={isBusy}
          onConfirm={() =>
            void act('Cancel', async () => {
              wasCancelled.current = true;
              await client.cancelCommand(job.command_id);
              onChanged();
            })
          }
        />
      )}
      {/* Re-run once it has ended: while it runs, a second run of the same is a duplicate nobody asked for. */}
      {!isActive && (
        <Button ref={takeFocusAfterCancel} disabled={isBusy} onClick={() => void rerun()}>
          Re-run
        </Button>
      )}
      {!edit && !isActive && (
        <label className="checkbox small">
          <input type="checkbox" checked={useCache} onChange={(e) => setUseCache(e.target.checked)} />
          Reuse an identical earlier result (cache)
        </label>
      )}
      {again && (
        <Button disabled={isBusy} onClick={() => openCutAgain(again)}>
          Cut again
        </Button>
      )}
      {!isEditRequest(request) && (
        <>
          <Button
            disabled={isBusy}
            onClick={() => {
              handOffToJobBuilder({ kind: 'request', request, commandId: job.command_id });
              navigate({ name: 'new' });
            }}
          >
            Edit as new
          </Button>
          <SaveAsPreset getRequest={() => request} />
        </>
      )}
      {hasOutputs && (
        <ConfirmButton
          label="Delete outputs"
          confirmLabel="Delete all outputs?"
          disabled={isBusy}
          onConfirm={() =>
            void act('Delete', async () => {
              await client.deleteCommandFiles(job.command_id);
              showToast('Outputs deleted');
              onChanged();
            })
          }
        />
      )}
    </div>
  );
}
