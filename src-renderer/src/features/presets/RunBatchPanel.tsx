import { useState } from 'react';
import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
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
  const runnable = preset.inputs.length === 1 && !preset.zip_input;
  const stored = (files.data ?? []).filter((f) => f.status === 'STORED');

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
            {stored.map((f) => (
              <li key={f.file_id}>
                <label className="row small">
                  <input type="checkbox" checked={selected.has(f.file_id)} onChange={() => toggle(f.file_id)} /> {f.filename}
                </label>
              </li>
            ))}
          </ul>
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
