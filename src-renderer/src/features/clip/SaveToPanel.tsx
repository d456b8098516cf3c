import { useEffect, useState } from 'react';
import { SaveToActions } from '../../ui/SaveToActions';
import type { ClipApi } from './clip-api';
import { rememberedPattern, useSaveTo } from '../../lib/use-save-to';
import { SaveFolderPicker } from '../../ui/SaveFolderPicker';
// The service's own default: the output's name as it is (a cut's name already says what it holds).
import { DEFAULT_PATTERN } from '../../../../src-service/local/save-names';

interface Props {
  api: ClipApi;
  commandId: string;
  isPickerOpen: boolean;
  setPickerOpen(open: boolean): void;
  /** The folder the clip was opened from, where known (source-folder.ts). */
  sourceFolder?: string | null;
  /** Told once the cut is written into a folder. */
  onSaved?(): void;
}

/**
 * "Save to": the finished cut written into a folder of the user's (never over an existing
 * file: the service numbers the name), then "Show in folder". Downloads stay in the job.
 */
export function SaveToPanel({ api, commandId, isPickerOpen, setPickerOpen, sourceFolder, onSaved }: Props) {
  const [pattern, setPattern] = useState(() => rememberedPattern() ?? DEFAULT_PATTERN);
  const saving = useSaveTo(api, commandId, {
    pattern,
    keepPattern: true,
    sourceFolder,
    openPicker: () => setPickerOpen(true),
  });
  const isSaved = saving.saved.length > 0;
  useEffect(() => {
    if (isSaved) onSaved?.();
  }, [isSaved, onSaved]);

  return (
    <section className="card stack" aria-labelledby="clip-save-title">
      <h2 id="clip-save-title" className="card-title">
        Save to a folder
      </h2>
      <label className="field">
        <span className="field-label">Name pattern</span>
        <input className="input" value={pattern} onChange={(e) => setPattern(e.target.value)} spellCheck={false} aria-describedby="clip-pattern-hint" />
        <span id="clip-pattern-hint" className="field-hint">
          {'{name}'} the output name, {'{segment}'} its number, {'{ext}'} its extension. An existing file is never overwritten: the name gets a number.
        </span>
      </label>
      <SaveToActions save={saving} chooseLabel="Save to…" keyShortcut="S" />
      {isPickerOpen && <SaveFolderPicker api={api} start={saving.folder} onClose={() => setPickerOpen(false)} onSave={(path) => void saving.save(path)} />}
    </section>
  );
}
