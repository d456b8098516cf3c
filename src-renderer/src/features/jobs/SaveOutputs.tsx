import { useMemo, useState } from 'react';
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
export function SaveOutputs({ commandId }: { commandId: string }) {
  const { client } = useApi();
  const api = useMemo(() => createLocalFoldersApi(client), [client]);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const saving = useSaveTo(api, commandId, {
    pattern: DEFAULT_PATTERN,
    keepPattern: false,
    openPicker: () => setPickerOpen(true),
  });
  return (
    <div className="stack save-outputs">
      <SaveToActions save={saving} chooseLabel="Save to folder…" size="small" />
      {isPickerOpen && <SaveFolderPicker api={api} start={saving.folder} onClose={() => setPickerOpen(false)} onSave={(path) => void saving.save(path)} />}
    </div>
  );
}
