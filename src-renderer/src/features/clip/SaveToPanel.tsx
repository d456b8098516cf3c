import { useState } from 'react';
import { Button } from '../../ui/Button';
import type { ClipApi, SaveToResponse } from './clip-api';
import { FolderPicker } from '../../ui/FolderPicker';
// The service's own default: the output's name as it is (a cut's name already says what it holds).
import { DEFAULT_PATTERN } from '../../../../src-service/local/save-names';

interface Props {
  api: ClipApi;
  commandId: string;
  isPickerOpen: boolean;
  setPickerOpen(open: boolean): void;
}

/**
 * The last folder saved to and its pattern, kept across exports and reloads (an editor cutting
 * several clips saves them to one place, as LosslessCut keeps its output folder): the panel then
 * offers "Save to <that folder>" beside "Save to…". The service still checks the folder each time.
 */
const FOLDER_KEY = 'ffdesk.save-to-folder.v1';
const PATTERN_KEY = 'ffdesk.save-to-pattern.v1';
function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
/** The folder the Save to panel saved to last (offered by the frame capture line too). */
export const rememberedSaveFolder = (): string | null => remembered(FOLDER_KEY);
function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: remembered until the panel closes
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * "Save to": the finished cut written into a folder of the user's (never over an existing
 * file: the service numbers the name), then "Show in folder". Downloads stay in the job.
 */
export function SaveToPanel({ api, commandId, isPickerOpen, setPickerOpen }: Props) {
  const [pattern, setPattern] = useState(() => remembered(PATTERN_KEY) ?? DEFAULT_PATTERN);
  const [folder, setFolder] = useState<string | null>(() => remembered(FOLDER_KEY));
  const [saved, setSaved] = useState<SaveToResponse['saved']>([]);
  const [error, setError] = useState<string | null>(null);

  const save = async (to: string) => {
    setFolder(to);
    setError(null);
    try {
      setSaved((await api.saveTo(commandId, to, pattern)).saved);
      remember(FOLDER_KEY, to);
      remember(PATTERN_KEY, pattern);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  // Electron: the native shell; web mode: the service opens the file manager (local account on loopback only).
  const desktop = window.ffdesk;
  const reveal = (path: string) => (desktop?.showInFolder ? desktop.showInFolder(path) : api.reveal(path)).catch((err: unknown) => setError(messageOf(err)));
  const choose = () => {
    if (!desktop?.pickFolder) return setPickerOpen(true);
    desktop.pickFolder(folder ?? undefined).then(
      (picked) => void (picked && save(picked)),
      (err: unknown) => setError(messageOf(err)),
    );
  };

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
      <div className="row-wrap">
        <Button variant="primary" onClick={choose} aria-keyshortcuts="S">
          Save to…
        </Button>
        {folder && (
          <Button onClick={() => void save(folder)}>
            {saved.length > 0 ? 'Save again to' : 'Save to'} <span className="truncate">{folder}</span>
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div role="status">
        {saved.length > 0 && (
          <ul className="stack clip-saved" aria-label="Saved files">
            {saved.map((s) => (
              <li key={s.path} className="row-wrap">
                <code className="small">{s.path}</code>
                <Button size="small" onClick={() => void reveal(s.path)}>
                  Show in folder
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {isPickerOpen && (
        <FolderPicker
          listFolders={api.folders}
          pickLabel="Save here"
          start={folder ?? undefined}
          onClose={() => setPickerOpen(false)}
          onPick={(path) => {
            setPickerOpen(false);
            void save(path);
          }}
        />
      )}
    </section>
  );
}
