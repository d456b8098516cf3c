import { useRef, useState } from 'react';
import { handOffToJobBuilder } from '../../lib/job-handoff';
import { useHandedOff } from '../../lib/hand-off';
import { presetDraftHandOff, presetFilesHandOff } from '../../lib/preset-handoff';
import { navigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../ui/Button';
import { ErrorNotice, describeError } from '../../ui/ErrorNotice';
import { PageHeader } from '../../ui/PageHeader';
import { showToast } from '../../ui/toast';
import { BatchesSection } from './BatchesSection';
import { PresetEditor, type EditorMode } from './PresetEditor';
import { PresetList } from './PresetList';
import { RunBatchPanel } from './RunBatchPanel';
import { WatchFoldersSection } from './WatchFoldersSection';
import { copyName, editorOf, type EditorState } from './preset-editor-model';
import { saveBlob, type Preset } from './presets-api';
import { usePresetApi } from './use-preset-api';

const NO_FILES: string[] = [];

interface OpenEditor {
  mode: EditorMode;
  state: EditorState;
  key: number;
}

/** Presets (built-in and saved): made, edited, shared; run as batches over stored files, or on watch folders (docs/presets.md). */
export default function PresetsPage() {
  const api = usePresetApi();
  const presets = useAsync(() => api.list(), [api]);
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [batchKey, setBatchKey] = useState(0);
  const importInput = useRef<HTMLInputElement>(null);
  // Files chosen in Files ("Run a preset on N…") start selected.
  const initialFiles = useHandedOff(presetFilesHandOff) ?? NO_FILES;
  // "Save as preset…" from a job or the builder opens the editor with its command.
  const draft = useHandedOff(presetDraftHandOff);
  const [editor, setEditor] = useState<OpenEditor | null>(() => (draft ? { mode: { kind: 'new' }, state: editorOf(draft), key: 0 } : null));
  const list = presets.data ?? [];
  const selected = list.find((p) => p.name === selectedName) ?? null;
  const open = (mode: EditorMode, state: EditorState) => setEditor((e) => ({ mode, state, key: (e?.key ?? 0) + 1 }));

  async function importFile(file: File) {
    try {
      const saved = await api.importFile(JSON.parse(await file.text()) as unknown);
      showToast(`Imported ${saved.name} (version ${saved.version})`);
      presets.reload();
    } catch (err) {
      showToast(`Import failed: ${err instanceof SyntaxError ? 'not a preset file (JSON expected)' : describeError(err)}`, { isError: true });
    } finally {
      if (importInput.current) importInput.current.value = '';
    }
  }

  const actions = {
    select: (p: Preset) => setSelectedName(p.name),
    openInConvert: (p: Preset) => {
      handOffToJobBuilder({ kind: 'preset', preset: p });
      navigate({ name: 'new' });
    },
    edit: (p: Preset) => open({ kind: 'edit', version: p.version }, editorOf(p)),
    duplicate: (p: Preset) =>
      open(
        { kind: 'new' },
        {
          ...editorOf(p),
          name: copyName(
            p.name,
            list.map((x) => x.name),
          ),
          title: `${p.title ?? p.name} (copy)`,
        },
      ),
    exportFile: (p: Preset) =>
      void api.exportFile(p.name).then(
        (file) => saveBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), `${p.name}.ffdesk-preset.json`),
        (err: unknown) => showToast(`Export failed: ${describeError(err)}`, { isError: true }),
      ),
    remove: (p: Preset) =>
      void api.remove(p.name).then(
        () => {
          showToast(`Deleted ${p.title ?? p.name}`);
          if (selectedName === p.name) setSelectedName(null);
          presets.reload();
        },
        (err: unknown) => showToast(`Not deleted: ${describeError(err)}`, { isError: true }),
      ),
  };

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
      {editor && (
        <PresetEditor
          key={editor.key}
          mode={editor.mode}
          initial={editor.state}
          onCancel={() => setEditor(null)}
          onSaved={(saved) => {
            setEditor(null);
            setSelectedName(saved.name);
            presets.reload();
          }}
        />
      )}
      <div className="split">
        <section className="card stack" aria-labelledby="presets-title">
          <h2 id="presets-title" tabIndex={-1} style={{ fontSize: 'var(--text-l)' }}>
            Presets
          </h2>
          <PresetList presets={list} selectedName={selectedName} actions={actions} />
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
