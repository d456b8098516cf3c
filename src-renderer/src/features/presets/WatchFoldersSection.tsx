import { useState } from 'react';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import type { Preset } from './presets-api';
import { usePresetApi } from './use-preset-api';

/** Watch folders: each new file in a folder runs a preset; results and errors per folder. */
export function WatchFoldersSection({ presets }: { presets: Preset[] }) {
  const api = usePresetApi();
  const list = useAsync(() => api.listWatch(), [api]);
  const [form, setForm] = useState({ folder: '', output_folder: '', preset: '', move_originals: false });
  const [error, setError] = useState<unknown>(null);
  const oneInput = presets.filter((p) => p.inputs.length === 1 && !p.zip_input);

  async function add() {
    setError(null);
    try {
      await api.createWatch({ ...form, preset: form.preset || (oneInput[0]?.name ?? '') });
      setForm({ folder: '', output_folder: '', preset: form.preset, move_originals: form.move_originals });
      list.reload();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section className="card stack" aria-labelledby="watch-title">
      <h2 id="watch-title" style={{ fontSize: 'var(--text-l)' }}>
        Watch folders
      </h2>
      <p className="muted small">Every file copied into a watched folder runs the preset once it has stopped changing; outputs go to the output folder.</p>
      {list.error ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {(list.data ?? []).map((w) => (
        <article key={w.watch_id} className="stack" aria-label={`Watch folder ${w.folder}`}>
          <div className="row small">
            <span className="mono">{w.folder}</span> → <span className="mono">{w.output_folder}</span>
            <span className="muted">({w.preset})</span>
            <span className="spacer" />
            <span>
              {w.done} done · {w.failed} failed · {w.running} running
            </span>
            <Button size="small" variant="ghost" onClick={() => void api.removeWatch(w.watch_id).then(list.reload)}>
              Stop watching
            </Button>
          </div>
          {w.last_error && <p className="field-error">{w.last_error}</p>}
          <ul className="small" style={{ margin: 0 }}>
            {w.recent.slice(0, 5).map((f) => (
              <li key={`${f.path}-${f.updated_at}`}>
                {f.path}: {f.status}
                {f.outputs.length ? ` → ${f.outputs.join(', ')}` : ''}
                {f.error ? ` (${f.error})` : ''}
              </li>
            ))}
          </ul>
        </article>
      ))}
      <div className="split split-even">
        <Field label="Folder to watch (absolute path)">
          {(p) => <input className="input" {...p} value={form.folder} onChange={(e) => setForm({ ...form, folder: e.target.value })} />}
        </Field>
        <Field label="Output folder (absolute path)">
          {(p) => <input className="input" {...p} value={form.output_folder} onChange={(e) => setForm({ ...form, output_folder: e.target.value })} />}
        </Field>
      </div>
      <div className="row">
        <Field label="Preset">
          {(p) => (
            <select className="input" {...p} value={form.preset} onChange={(e) => setForm({ ...form, preset: e.target.value })}>
              {oneInput.map((x) => (
                <option key={x.name} value={x.name}>
                  {x.title ?? x.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="row small">
          <input type="checkbox" checked={form.move_originals} onChange={(e) => setForm({ ...form, move_originals: e.target.checked })} /> Move originals to
          done/ and failed/
        </label>
        <Button onClick={() => void add()} disabled={!form.folder || !form.output_folder}>
          Watch
        </Button>
      </div>
      {error ? <ErrorNotice error={error} title="Not watched" /> : null}
    </section>
  );
}
