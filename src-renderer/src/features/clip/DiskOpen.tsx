import { useMemo } from 'react';
import { useApi } from '../../lib/api';
import { FolderPicker } from '../../ui/FolderPicker';
import { ProgressBar } from '../../ui/ProgressBar';
import { createClipApi } from './clip-api';
import { lastOpenedFolder } from '../../lib/local-path';
import type { useOpenLocal } from './use-open-local';

type Opening = ReturnType<typeof useOpenLocal>;

/**
 * Ctrl+O's picker of the home folder's video and audio files, on the chooser and over an open
 * clip alike: the chosen file is opened in place (nothing uploaded; docs/gui.md, "The clip view").
 */
export function DiskPicker({ openPath, onClose }: { openPath: Opening['openPath']; onClose(): void }) {
  const { client } = useApi();
  const api = useMemo(() => createClipApi(client), [client]);
  return (
    <FolderPicker
      title="Open a video or audio file"
      listFolders={(path) => api.folders(path, 'media')}
      start={lastOpenedFolder() ?? undefined}
      onPickFile={(path) => {
        onClose();
        void openPath(path);
      }}
      onClose={onClose}
    />
  );
}

/** What opening a file is doing (copying from the disk, uploading, reading), or why it failed. */
export function OpeningStatus({ state }: { state: Opening['state'] }) {
  if (!state.name) return null;
  return (
    <div className="card stack" role="status" aria-label="Opening">
      <span>
        {state.error
          ? `Could not open ${state.name}`
          : state.phase === 'copying'
            ? `Copying ${state.name} from the disk…`
            : state.phase === 'probing'
              ? `Reading ${state.name}…`
              : `Uploading ${state.name}…`}
      </span>
      {state.error ? (
        <p className="field-error">{state.error}</p>
      ) : (
        state.phase !== 'copying' && <ProgressBar percent={state.percent} label={`Uploading ${state.name}`} />
      )}
    </div>
  );
}
