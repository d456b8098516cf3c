import { useRef, useState } from 'react';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageHeader } from '../../ui/PageHeader';
import { showToast } from '../../ui/toast';
import { BatchesSection } from './BatchesSection';
import { RunBatchPanel } from './RunBatchPanel';
import { WatchFoldersSection } from './WatchFoldersSection';
import { saveBlob } from './presets-api';
import { usePresetApi } from './use-preset-api';
import { takePresetFiles } from '../../lib/preset-handoff';

/** Presets (built-in and saved), batches over stored files, and watch folders (docs/presets.md). */
export default function PresetsPage() {
  const api = usePresetApi();
  const presets = useAsync(() => api.list(), [api]);
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [batchKey, setBatchKey] = useState(0);
  const importInput = useRef<HTMLInputElement>(null);
  // Files chosen in Files ("Run a preset on N…") start selected.
  const [initialFiles] = useState(takePresetFiles);
  const list = presets.data ?? [];
  const selected = list.find((p) => p.name === selectedName) ?? null;

  async function importFile(file: File) {
    try {
      const saved = await api.importFile(JSON.parse(await file.text()) as unknown);
      showToast(`Imported ${saved.name} (version ${saved.version})`);
      presets.reload();
    } catch (err) {
      showToast(`Import failed: ${(err as Error).message}`, { isError: true });
    }
  }

  async function exportPreset(name: string) {
    const file = await api.exportFile(name);
    saveBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), `${name}.ffdesk-preset.json`);
  }

  return (
    <div className="page">
      <PageHeader
        title="Presets"
        subtitle="Saved commands with parameters: run one over many files, or on every file dropped into a folder."
        actions={
          <>
            <input
              ref={importInput}
              type="file"
              accept="application/json,.json"
              hidden
              aria-label="Preset file to import"
              onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])}
            />
            <Button onClick={() => importInput.current?.click()}>Import preset…</Button>
          </>
        }
      />
      {presets.error ? <ErrorNotice error={presets.error} onRetry={presets.reload} /> : null}
      <div className="split">
        <section className="card stack" aria-labelledby="presets-title">
          <h2 id="presets-title" style={{ fontSize: 'var(--text-l)' }}>
            Presets
          </h2>
          <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="Presets">
            {list.map((p) => (
              <li key={p.name} className="row small">
                <Button
                  size="small"
                  variant={p.name === selectedName ? 'primary' : 'ghost'}
                  aria-pressed={p.name === selectedName}
                  onClick={() => setSelectedName(p.name)}
                >
                  {p.title ?? p.name}
                </Button>
                <span className="muted">{p.builtin ? 'built-in' : `v${p.version}`}</span>
                <span className="spacer" />
                <Button size="small" variant="ghost" aria-label={`Export ${p.name}`} onClick={() => void exportPreset(p.name)}>
                  Export
                </Button>
              </li>
            ))}
          </ul>
        </section>
        {selected ? (
          <RunBatchPanel key={selected.name} preset={selected} initialFiles={initialFiles} onStarted={() => setBatchKey((k) => k + 1)} />
        ) : (
          <section className="card">
            <p className="muted">Choose a preset to run it{initialFiles.length ? ` on the ${initialFiles.length} files chosen in Files` : ''}.</p>
          </section>
        )}
      </div>
      <BatchesSection refreshKey={batchKey} />
      <WatchFoldersSection presets={list} />
    </div>
  );
}
