import { FolderPicker } from './FolderPicker';
import type { LocalFoldersApi } from '../lib/local-folders-api';

/** The web folder picker of Save to (the desktop app uses its native dialog: lib/use-save-to.ts); picking a folder saves there. */
export function SaveFolderPicker({
  api,
  start,
  onClose,
  onSave,
}: {
  api: Pick<LocalFoldersApi, 'folders' | 'makeFolder'>;
  start: string | null;
  onClose(): void;
  onSave(path: string): void;
}) {
  return (
    <FolderPicker
      listFolders={api.folders}
      makeFolder={api.makeFolder}
      pickLabel="Save here"
      start={start ?? undefined}
      onClose={onClose}
      onPick={(path) => {
        onClose();
        onSave(path);
      }}
    />
  );
}
