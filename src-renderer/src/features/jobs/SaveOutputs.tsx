import { useMemo, useState } from 'react';
import { isEditRequest, type CommandRecord } from '../../../../src-service/client';
import { storageFileIdOf } from '../../lib/compare-facts';
import { sourceFolderOf } from '../../lib/source-folder';
import { useApi } from '../../lib/api';
import { createLocalFoldersApi } from '../../lib/local-folders-api';
import { useSaveTo } from '../../lib/use-save-to';
import { SaveToActions } from '../../ui/SaveToActions';
import { SaveFolderPicker } from '../../ui/SaveFolderPicker';
// The service's own default: each output's name as it is.
import { DEFAULT_PATTERN } from '../../../../src-service/local/save-names';

/**
 * "Save to folder…" on a finished job, as HandBrake writes where the editor chose: every stored
 * output copied into a folder of the user's (POST /v1/commands/{id}/save-to, never over an
 * existing file), then "Show in folder" for each. The folder saved to last is offered first, the
 * same one the Cut screen's Save to remembers (lib/use-save-to.ts).
 */
export function SaveOutputs({ record }: { record: CommandRecord }) {
  const { client } = useApi();
  const api = useMemo(() => createLocalFoldersApi(client), [client]);
  const [isPickerOpen, setPickerOpen] = useState(false);
  // A job of one clip opened from disk offers that clip's folder (or where its outputs went last), as HandBrake saves
  // beside the source and the Cut screen does; any other job, the folder saved to last.
  const [sourceFolder] = useState(() => sourceFolderOfJob(record));
  const saving = useSaveTo(api, record.command_id, {
    pattern: DEFAULT_PATTERN,
    keepPattern: false,
    sourceFolder,
    openPicker: () => setPickerOpen(true),
  });
  return (
    <div className="stack save-outputs">
      <SaveToActions save={saving} chooseLabel="Save to folder…" size="small" />
      {isPickerOpen && <SaveFolderPicker api={api} start={saving.folder} onClose={() => setPickerOpen(false)} onSave={(path) => void saving.save(path)} />}
    </div>
  );
}

/** The folder the job's one input was opened from (lib/source-folder.ts), where known. */
function sourceFolderOfJob(record: CommandRecord): string | null {
  const request = record.original_request;
  if (isEditRequest(request)) return sourceFolderOf(storageFileIdOf(request.input) ?? request.input);
  const inputs = Object.values(request.input_files ?? {});
  const id = inputs.length === 1 ? storageFileIdOf(inputs[0]!) : null;
  return id ? sourceFolderOf(id) : null;
}
