import { useEffect, useState } from 'react';
import { pickerRows, type PickerRow } from '../../lib/picker-files';
import { useApi } from '../../lib/api';
import { formatDuration, formatRelative } from '../../lib/format';
import { displayName } from '../../lib/media';
import { hrefOf } from '../../lib/router';
import { DropZone } from '../../ui/DropZone';
import { useOpenLocal } from './use-open-local';
import { useOpenKey } from '../../lib/use-open-key';
import { Button } from '../../ui/Button';
import { DiskPicker, OpeningStatus } from './DiskOpen';

/** Choosing what to cut: a local file (dropped or picked) or a stored one. */
export function ClipOpen() {
  const { client } = useApi();
  const { state, open, openPath } = useOpenLocal();
  // Newest first, the same content once ("3 copies"), as the builder's stored-file picker lists them: the same
  // cut exported three times was three rows of one name, told apart by nothing.
  const [files, setFiles] = useState<PickerRow[]>([]);
  const [isPicking, setPicking] = useState(false);
  // Ctrl+O: the disk picker (the builder's Ctrl+O is the browser's file chooser).
  useOpenKey(() => setPicking(true));
  useEffect(() => {
    const ctl = new AbortController();
    client.listFiles({ limit: 50, signal: ctl.signal }).then(
      (all) => setFiles(pickerRows(all, ['video', 'audio'])),
      () => undefined,
    );
    return () => ctl.abort();
  }, [client]);

  return (
    <div className="stack-l">
      <DropZone multiple={false} buttonLabel="Choose a video or audio file…" onFiles={(f) => f[0] && void open(f[0])}>
        <p>Drop a video or audio file here to cut it.</p>
      </DropZone>
      {/* In place: the service copies the file from the disk (nothing crosses the browser), and Save to offers its folder. */}
      <div className="row-wrap">
        <Button onClick={() => setPicking(true)} aria-keyshortcuts="Control+O">
          Open from disk… <kbd>Ctrl+O</kbd>
        </Button>
        <span className="muted small">
          Opens a file of your home folder without an upload: FFDesk copies it from the disk itself (a quick clone where the disk can), and the cuts are offered
          its folder.
        </span>
      </div>
      {isPicking && <DiskPicker openPath={openPath} onClose={() => setPicking(false)} />}
      <OpeningStatus state={state} />
      <section className="card stack" aria-labelledby="clip-stored-title">
        <h2 id="clip-stored-title" className="card-title">
          Or open a stored file
        </h2>
        {files.length === 0 ? (
          <p className="muted small">No stored video or audio yet.</p>
        ) : (
          <ul className="clip-stored">
            {files.map(({ file: f, copies }) => (
              <li key={f.file_id}>
                <a href={hrefOf({ name: 'clip', id: f.file_id })}>{displayName(f)}</a>{' '}
                <span className="muted small">
                  {[f.file_type, copies > 1 ? `${copies} copies` : null, formatDuration(f.duration), formatRelative(f.created_at)].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
