import { useState } from 'react';
import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { declaredOrGuessed } from '../../lib/input-kinds';
import { describePickerRow, hiddenByKind, pickerRows } from '../../lib/picker-files';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { showToast } from '../../ui/toast';
import { ParameterFields } from '../../ui/ParameterFields';
import type { Batch, Preset } from './presets-api';
import { usePresetApi } from './use-preset-api';

const INPUT_URL_TTL_SECONDS = 7 * 24 * 3600;

/** Pick stored files, set parameters, run the preset once per file as one batch. */
export function RunBatchPanel({ preset, initialFiles = [], onStarted }: { preset: Preset; initialFiles?: string[]; onStarted(batch: Batch): void }) {
  const { client } = useApi();
  const api = usePresetApi();
  const files = useAsync(() => client.listFiles(), [client]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(initialFiles));
  const [values, setValues] = useState<Record<string, string>>({});
  const [useCache, setUseCache] = useState(Boolean(preset.cache));
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setBusy] = useState(false);
  const [isEveryKind, setEveryKind] = useState(false);
  const runnable = preset.inputs.length === 1 && !preset.zip_input;
  // Only files the preset can read, newest first, identical content once (docs/gui.md, "Pickers").
  const kinds = declaredOrGuessed(
    preset.inputs[0]?.kinds,
    preset.steps,
    preset.outputs === 'OUTPUT_FOLDER' ? [] : Object.values(preset.outputs),
    preset.inputs[0]?.alias ?? 'in_1',
  );
  const rows = pickerRows(files.data ?? [], isEveryKind ? null : kinds);
  const hidden = hiddenByKind(files.data ?? [], kinds);

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function run() {
    setBusy(true);
    setError(null);
    try {
      // Presigned URLs: private files have no public storage_url.
      const urls = await Promise.all(
        [...selected].map(async (id) => (await client.getFile(id, { presignedTtlSeconds: INPUT_URL_TTL_SECONDS })).storage_url as string),
      );
      const batch = await api.createBatch({ preset: preset.name, parameters: values, inputs: urls, cache: useCache });
      showToast(`Batch started: ${batch.total} job${batch.total === 1 ? '' : 's'}`);
      setSelected(new Set());
      onStarted(batch);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="run-title">
      <h2 id="run-title" style={{ fontSize: 'var(--text-l)' }}>
        Run “{preset.title ?? preset.name}”
      </h2>
      {preset.description && <p className="muted small">{preset.description}</p>}
      <ParameterFields parameters={preset.parameters} values={values} onChange={setValues} />
      {!runnable ? (
        <p className="muted small">Batches run presets with exactly one input file; this one takes {preset.zip_input ? 'a zip' : preset.inputs.length}.</p>
      ) : (
        <fieldset className="stack" style={{ border: 0, padding: 0 }}>
          <legend className="field-label">Files to run it on</legend>
          {files.error ? <ErrorNotice error={files.error} onRetry={files.reload} /> : null}
          <ul className="stack" style={{ listStyle: 'none', padding: 0, maxHeight: 240, overflow: 'auto' }} aria-label="Stored files">
            {rows.map((r) => (
              <li key={r.file.file_id}>
                <label className="row small">
                  <input type="checkbox" checked={selected.has(r.file.file_id)} onChange={() => toggle(r.file.file_id)} /> {describePickerRow(r)}
                </label>
              </li>
            ))}
          </ul>
          {rows.length === 0 && <p className="small muted">No stored {kinds.join(' or ')} files yet.</p>}
          {(hidden > 0 || isEveryKind) && (
            <div>
              <Button size="small" variant="ghost" aria-pressed={isEveryKind} onClick={() => setEveryKind((v) => !v)}>
                {isEveryKind ? `Only ${kinds.join(' or ')} files` : `Show other kinds too (${hidden})`}
              </Button>
            </div>
          )}
        </fieldset>
      )}
      <label className="row small">
        <input type="checkbox" checked={useCache} onChange={(e) => setUseCache(e.target.checked)} /> Reuse identical earlier results (cache)
      </label>
      {error ? <ErrorNotice error={error} title="The batch was not started" /> : null}
      <div className="row">
        <Button variant="primary" disabled={!runnable || selected.size === 0 || isBusy} onClick={() => void run()}>
          Run on {selected.size} file{selected.size === 1 ? '' : 's'}
        </Button>
      </div>
    </section>
  );
}
