import { useState } from 'react';
import { hrefOf } from '../../lib/router';
import type { ClipApi, SaveToResponse } from './clip-api';
import { rememberedSaveFolder } from './SaveToPanel';
import type { EditRun } from './use-edit-run';

interface Props {
  api: ClipApi;
  run: EditRun;
  /** The captured frame's timecode. */
  at: string;
}

/**
 * What C did: the frame under the playhead sent as a one-frame edit into a PNG (docs/cutting.md,
 * "Output formats"), said beside the timeline where the eyes are, with the job and, when a folder
 * was saved to before, "Save to <that folder>".
 */
export function CaptureLine({ api, run, at }: Props) {
  const [saved, setSaved] = useState<SaveToResponse['saved']>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const status = run.record?.status;
  const folder = rememberedSaveFolder();
  if (run.error)
    return (
      <p role="alert" className="field-error clip-capture">
        Could not capture {at}: {run.error}
      </p>
    );
  if (status === 'FAILED')
    return (
      <p role="alert" className="field-error clip-capture">
        Could not capture {at}: {run.record?.error_message ?? run.record?.error_status}
      </p>
    );
  if (status !== 'SUCCESS' || !run.commandId)
    return (
      <p className="small clip-capture" role="status">
        Capturing {at}…
      </p>
    );
  const name = Object.values(run.record?.output_files ?? {})[0]?.filename ?? '';
  const save = (to: string) =>
    api.saveTo(run.commandId!, to, '{name}.{ext}').then(
      (r) => setSaved(r.saved),
      (err: unknown) => setSaveError(err instanceof Error ? err.message : String(err)),
    );
  return (
    <p className="small row-wrap clip-capture" role="status">
      <span>
        Captured {at} as <code>{name}</code>.
      </span>
      <a href={hrefOf({ name: 'jobs', id: run.commandId })}>Open the capture's job</a>
      {folder && saved.length === 0 && (
        <button type="button" className="btn btn-small" onClick={() => void save(folder)}>
          Save to <span className="truncate">{folder}</span>
        </button>
      )}
      {saved.map((s) => (
        <span key={s.path}>
          Saved as <code>{s.path}</code>
        </span>
      ))}
      {saveError && <span className="field-error">{saveError}</span>}
    </p>
  );
}
