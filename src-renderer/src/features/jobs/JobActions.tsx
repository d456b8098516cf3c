import { useState } from 'react';
import type { CommandRecord } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { handOffToJobBuilder } from '../../lib/job-handoff';
import { navigate } from '../../lib/router';
import { Button } from '../../ui/Button';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { describeError } from '../../ui/ErrorNotice';
import { showToast } from '../../ui/toast';
import { SaveAsPreset } from '../../ui/SaveAsPreset';

/** Cancel, re-run, edit as new, delete outputs. */
export function JobActions({ job, onChanged }: { job: CommandRecord; onChanged(): void }) {
  const { client } = useApi();
  const [isBusy, setBusy] = useState(false);
  const [useCache, setUseCache] = useState(job.original_request.cache === true);
  const isActive = job.status === 'QUEUED' || job.status === 'PROCESSING';
  const hasOutputs = Object.values(job.output_files ?? {}).some((f) => !f.is_deleted);

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
      const { cache: _wasCached, ...rest } = job.original_request;
      const req = useCache ? { ...rest, cache: true } : rest;
      const id = 'ffmpeg_command' in req ? (await client.runCommand(req)).command_id : (await client.runChained(req)).command_ids[0];
      if (id) navigate({ name: 'jobs', id });
    });

  return (
    <div className="row-wrap" role="toolbar" aria-label="Job actions">
      {isActive && (
        <ConfirmButton
          label="Cancel job"
          confirmLabel="Really cancel?"
          disabled={isBusy}
          onConfirm={() =>
            void act('Cancel', async () => {
              await client.cancelCommand(job.command_id);
              onChanged();
            })
          }
        />
      )}
      <Button disabled={isBusy} onClick={() => void rerun()}>
        Re-run
      </Button>
      <label className="checkbox small">
        <input type="checkbox" checked={useCache} onChange={(e) => setUseCache(e.target.checked)} />
        Reuse an identical earlier result (cache)
      </label>
      <Button
        disabled={isBusy}
        onClick={() => {
          handOffToJobBuilder({ kind: 'request', request: job.original_request, commandId: job.command_id });
          navigate({ name: 'new' });
        }}
      >
        Edit as new
      </Button>
      <SaveAsPreset getRequest={() => job.original_request} />
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
