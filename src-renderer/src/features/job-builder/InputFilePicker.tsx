import { useMemo } from 'react';
import { useApi } from '../../lib/api';
import { createLocalFoldersApi } from '../../lib/local-folders-api';
import { lastOpenedFolder, rememberOpenedFolder } from '../../lib/local-path';
import { FolderPicker } from '../../ui/FolderPicker';

/**
 * A file of the home folder for an input (video, sound, picture or subtitles), opened in place by
 * the service: a row's "From disk…" and the builder's Ctrl+O (docs/gui.md, "Keys").
 */
export function InputFilePicker({
  title,
  onPick,
  onClose,
  elsewhere,
}: {
  title: string;
  onPick(path: string): void;
  onClose(): void;
  elsewhere?: { label: string; onChoose(): void };
}) {
  const { client } = useApi();
  const folders = useMemo(() => createLocalFoldersApi(client).folders, [client]);
  return (
    <FolderPicker
      title={title}
      listFolders={(path) => folders(path, 'inputs')}
      start={lastOpenedFolder() ?? undefined}
      onPickFile={(path) => {
        rememberOpenedFolder(path);
        onClose();
        onPick(path);
      }}
      onClose={onClose}
      {...(elsewhere ? { elsewhere } : {})}
    />
  );
}
