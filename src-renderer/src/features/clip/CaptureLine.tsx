import { useEffect, useRef, useState } from 'react';
import { hrefOf } from '../../lib/router';
import { Button } from '../../ui/Button';
import type { ClipApi } from './clip-api';
import { SaveFolderPicker } from '../../ui/SaveFolderPicker';
import type { EditRun } from './use-edit-run';
import { useSaveTo } from '../../lib/use-save-to';

interface Props {
  api: ClipApi;
  run: EditRun;
  /** The captured frame's timecode. */
  at: string;
  /** The folder the clip was opened from, where known: the frame goes there at once. */
  sourceFolder?: string | null;
}

/**
 * What C did: the frame under the playhead sent as a one-frame edit into a PNG (docs/cutting.md,
 * "Output formats"), said beside the timeline where the eyes are, with the job. When a folder was
 * saved to before, the frame is written there at once, as LosslessCut writes a capture into its
 * output folder (docs/gui.md, "Frame capture"); else "Save frame to…" asks where.
 */
export function CaptureLine({ api, run, at, sourceFolder }: Props) {
  const status = run.record?.status;
  if (run.error || status === 'FAILED')
    return (
      <p role="alert" className="field-error clip-capture">
        Could not capture {at}: {run.error ?? run.record?.error_message ?? run.record?.error_status}
      </p>
    );
  if (status !== 'SUCCESS' || !run.commandId)
    return (
      <p className="small clip-capture" role="status">
        Capturing {at}…
      </p>
    );
  const name = Object.values(run.record?.output_files ?? {})[0]?.filename ?? '';
  // Keyed by the job: a new capture starts with nothing saved.
  return <Captured key={run.commandId} api={api} commandId={run.commandId} at={at} name={name} sourceFolder={sourceFolder} />;
}

function Captured({ api, commandId, at, name, sourceFolder }: { api: ClipApi; commandId: string; at: string; name: string; sourceFolder?: string | null }) {
  const [isPickerOpen, setPickerOpen] = useState(false);
  const { folder, saved, error, busy, save, reveal, choose } = useSaveTo(api, commandId, {
    pattern: '{name}.{ext}',
    keepPattern: false,
    sourceFolder,
    openPicker: () => setPickerOpen(true),
  });
  // Once per capture (the component is keyed by its job): into the folder saved to last, if any.
  const autoSaved = useRef(false);
  useEffect(() => {
    if (autoSaved.current || folder === null) return;
    autoSaved.current = true;
    void save(folder);
  }, [folder, save]);
  return (
    <div className="small row-wrap clip-capture" role="status">
      <span>
        Captured {at} as <code>{name}</code>.
      </span>
      <a href={hrefOf({ name: 'jobs', id: commandId })}>Open the capture&apos;s job</a>
      {busy ? (
        <span>
          Saving to <span className="truncate">{folder}</span>…
        </span>
      ) : saved.length === 0 ? (
        <>
          <Button size="small" onClick={choose}>
            Save frame to…
          </Button>
          {folder && (
            <Button size="small" onClick={() => void save(folder)}>
              Save frame to <span className="truncate">{folder}</span>
            </Button>
          )}
        </>
      ) : (
        <>
          {saved.map((s) => (
            <span key={s.path} className="row-wrap">
              <span>
                Saved as <code>{s.path}</code>
              </span>
              <Button size="small" onClick={() => void reveal(s.path)}>
                Show frame in folder
              </Button>
            </span>
          ))}
          <Button size="small" variant="ghost" onClick={choose}>
            Save a copy to…
          </Button>
        </>
      )}
      {error && <span className="field-error">{error}</span>}
      {isPickerOpen && <SaveFolderPicker api={api} start={folder} onClose={() => setPickerOpen(false)} onSave={(path) => void save(path)} />}
    </div>
  );
}
