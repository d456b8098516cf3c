import { useState } from 'react';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { FolderField } from '../../ui/FolderField';
import { ParameterFields } from './ParameterFields';
import type { Preset } from './presets-api';
import { usePresetApi } from './use-preset-api';
import { EMPTY_WATCH_FORM, presetExtensions, toWatchBody, type WatchForm } from './watch-form';

/**
 * A new watch folder: both folders from the folder picker, the preset with its settings as
 * fields, the file types it takes (the preset's by default) and a run-time limit.
 */
export function WatchFolderForm({ presets, onCreated }: { presets: Preset[]; onCreated(): void }) {
  const api = usePresetApi();
  const [form, setForm] = useState<WatchForm>(EMPTY_WATCH_FORM);
  const [error, setError] = useState<unknown>(null);
  const oneInput = presets.filter((p) => p.inputs.length === 1 && !p.zip_input);
  const preset = oneInput.find((p) => p.name === form.preset) ?? oneInput[0];
  const set = (patch: Partial<WatchForm>) => setForm((f) => ({ ...f, ...patch }));
  const listFolders = api.folders;

  async function add() {
    if (!preset) return;
    setError(null);
    try {
      await api.createWatch(toWatchBody(form, preset));
      setForm({ ...EMPTY_WATCH_FORM, preset: preset.name, moveOriginals: form.moveOriginals });
      onCreated();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <form
      className="stack card-rule"
      aria-label="New watch folder"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <h3 className="card-title">Watch a new folder</h3>
      <div className="split split-even">
        <FolderField
          label="Folder to watch"
          pickLabel="Watch this folder"
          value={form.folder}
          onChange={(folder) => set({ folder })}
          listFolders={listFolders}
        />
        <FolderField
          label="Output folder"
          pickLabel="Write outputs here"
          value={form.outputFolder}
          onChange={(outputFolder) => set({ outputFolder })}
          listFolders={listFolders}
          hint="Not inside the watched folder; created if missing."
        />
      </div>
      <div className="split split-even">
        <Field label="Preset">
          {(p) => (
            <select className="input" {...p} value={preset?.name ?? ''} onChange={(e) => set({ preset: e.target.value, parameters: {}, extensions: null })}>
              {oneInput.map((x) => (
                <option key={x.name} value={x.name}>
                  {x.title ?? x.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="File types taken" hint="Other files in the folder are left alone and listed as ignored. Empty it to see the preset's list again.">
          {(p) => (
            <input
              className="input"
              {...p}
              spellCheck={false}
              value={form.extensions ?? presetExtensions(preset).join(', ')}
              onChange={(e) => set({ extensions: e.target.value.trim() === '' ? null : e.target.value })}
            />
          )}
        </Field>
      </div>
      {preset && (
        <fieldset className="fieldset-plain">
          <legend className="field-label">Settings of {preset.title ?? preset.name}</legend>
          <ParameterFields preset={preset} values={form.parameters} onChange={(parameters) => set({ parameters })} />
        </fieldset>
      )}
      <div className="row-wrap">
        <Field label="Max run time (s)" hint="Per file. Empty: no limit.">
          {(p) => <input className="input" {...p} inputMode="decimal" value={form.maxRunSeconds} onChange={(e) => set({ maxRunSeconds: e.target.value })} />}
        </Field>
        <label className="checkbox">
          <input type="checkbox" checked={form.moveOriginals} onChange={(e) => set({ moveOriginals: e.target.checked })} /> Move originals to done/ and failed/
        </label>
        <span className="spacer" />
        <Button type="submit" variant="primary" disabled={!form.folder.trim() || !form.outputFolder.trim() || !preset}>
          Watch
        </Button>
      </div>
      {error ? <ErrorNotice error={error} title="Not watched" /> : null}
    </form>
  );
}
