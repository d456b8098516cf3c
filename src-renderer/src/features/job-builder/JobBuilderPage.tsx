import { useMemo, useRef, useState } from 'react';
import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import { InputFilePicker } from './InputFilePicker';
import { PageHeader } from '../../ui/PageHeader';
import { showToast } from '../../ui/toast';
import { applyTemplate, keepChosenInputs, openTemplateAsPreset, samplesByName } from './apply-template';
import { API } from '../../../../src-service/client';
import { TEMPLATES, type Template } from './templates';
import { ConvertPanel } from './ConvertPanel';
import { focusConvertPanel } from './ConvertFrame';
import { useOpenKey, useWindowShortcut } from '../../lib/use-open-key';
import { choicesOf, forNewClip, isEditedByHand, writeConvert } from './convert-form';
import { PresetPanel } from './PresetPanel';
import { declaredAliases, placeDroppedFiles, type JobForm } from './form';
import { baseNameOf } from '../../lib/local-path';
import { FixBanner } from './FixBanner';
import { InputsTable } from './InputsTable';
import { OptionsPanel } from './OptionsPanel';
import { OutputsTable } from './OutputsTable';
import { StepsEditor } from './StepsEditor';
import { SubmitBar } from './SubmitBar';
import { TemplateGallery } from './TemplateGallery';
import { useInputSources } from './use-input-sources';
import { useJobForm } from './use-job-form';
import { usePageDrop } from './use-page-drop';
import { groupByField } from './validation';

/**
 * Ctrl+Enter (Cmd+Enter on a Mac) runs the job, as the Run button does: from any field, and from
 * the page itself, where the focus falls when the control that had it goes away (a file chosen in
 * a picker, a preset closed).
 */
const isRunKey = (e: KeyboardEvent) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);
const runJob = () => document.querySelector<HTMLButtonElement>('[data-action="run-job"]')?.click();

/** Build a command or a chain: template, command text, inputs, outputs, options. */
export default function JobBuilderPage() {
  const { client } = useApi();
  const account = useAsync(() => client.account().catch(() => null), [client]);
  const files = useAsync((signal) => client.listFiles({ limit: 1000, signal }), [client]);
  const limits = useMemo(() => ({ maxVcpu: account.data?.max_vcpu }), [account.data]);
  const state = useJobForm(limits);
  const { form, setForm } = state;
  const sources = useInputSources(state.updateInput);
  const samples = useMemo(() => samplesByName(files.data ?? []), [files.data]);
  const errors = useMemo(() => groupByField(state.visibleIssues), [state.visibleIssues]);
  const declared = declaredAliases(form);
  // Opened to fix a failed job, as new from a job, or with a preset: the form comes first, not the gallery
  // (at 800 px the gallery took the whole first screen above the convert panel Edit as new had restored).
  const [showTemplates, setShowTemplates] = useState(() => !state.isOpenedWithForm);
  /** The built-in preset of a gallery template (not of its GPU variant, a changed command); null when the service has none. */
  const asPreset = async (t: Template, filled: typeof form) => {
    if (!TEMPLATES.includes(t)) return null;
    const preset = await client.call(API.getPreset, { params: { name: t.id }, query: {} }).catch(() => null);
    return preset ? openTemplateAsPreset(t, filled, preset) : null;
  };
  // The form as last rendered, and the latest template chosen: a template loads over a round trip or two, and what
  // the user does meanwhile wins (typing, or choosing another template).
  const formNow = useRef(form);
  formNow.current = form;
  const latestTemplate = useRef(0);
  const openTemplate = async (t: Template) => {
    const choice = ++latestTemplate.current;
    const startedFrom = formNow.current;
    // Used before the file list arrived (a quick click, a busy service): read it now, so the stored samples still fill the
    // inputs, and keep it for the inputs' pickers. A list that cannot be read is said so, not taken for "nothing stored".
    let known = samples;
    if (!files.data) {
      try {
        const list = await client.listFiles({ limit: 1000 });
        files.setData(list);
        known = samplesByName(list);
      } catch (err) {
        showToast(`Could not read the stored files: ${err instanceof Error ? err.message : String(err)}`, { isError: true });
        return;
      }
    }
    const chosen = startedFrom.inputMode === 'files' ? startedFrom.inputs.filter((r) => r.url.trim() !== '' && !r.upload?.error) : [];
    const { form: next, missing } = keepChosenInputs(t, applyTemplate(t, known), chosen);
    const loaded = (await asPreset(t, next)) ?? next;
    if (choice !== latestTemplate.current) return; // another template was chosen meanwhile: it loads instead
    if (formNow.current !== startedFrom) {
      showToast(`Template “${t.title}” not loaded: the job was edited while it loaded. Choose it again to replace your edits.`, { isError: true });
      return;
    }
    state.replaceForm(loaded);
    setShowTemplates(false);
    document.getElementById('main')?.scrollTo({ top: 0 });
    // The Use button is gone with the gallery: the keyboard goes on from the panel's first field.
    focusConvertPanel();
    showToast(
      missing.length ? `Template loaded. Not stored yet: ${missing.join(', ')} — pick inputs yourself.` : `Template “${t.title}” loaded with the sample media.`,
    );
  };
  // On a builder nobody has written a command in yet, the convert panel writes one for what it shows (MP4, H.264,
  // balanced), named after the clip: a clip and Run is a job. So for a clip dropped on the page, chosen with Ctrl+O,
  // or given to a row (its drop zone, "Choose a file…", "From disk…").
  const isUntouched = !form.isChained && !form.preset && !isEditedByHand(form);
  // Another clip in the first row keeps what the panel makes and drops what belonged to the clip before: its range
  // and crop (a 0:05–0:08 GIF of one clip was a 0:05–0:08 MP4 of the next).
  const withClips = (named: JobForm, firstKey?: string) =>
    isUntouched ? writeConvert(named, firstKey === form.inputs[0]?.key && form.convert ? forNewClip(choicesOf(named)) : choicesOf(named)) : named;
  /** After a clip is chosen: the gallery closes (the clip is the start) and the keyboard goes on in the convert panel. */
  const toConvertPanel = () => {
    setShowTemplates(false);
    focusConvertPanel();
  };
  /** Rows for clips dropped or chosen, named after them; their keys, in the clips' order. */
  const placeClips = (names: readonly string[]): string[] => {
    // The panel's command (and any one-input form) reads one file: a clip opened on a full form replaces it.
    const placed = placeDroppedFiles(form, names.length, isUntouched || form.inputs.length === 1);
    const named = { ...placed.form, inputs: placed.form.inputs.map((r) => ({ ...r, fileName: names[placed.keys.indexOf(r.key)] ?? r.fileName })) };
    state.replaceForm(withClips(named, placed.keys[0]));
    return placed.keys;
  };
  const takeLocalFiles = (dropped: File[]) =>
    placeClips(dropped.map((f) => f.name)).forEach((key, i) => void sources.uploadLocal(key, dropped[i]!, form.isPrivate));
  // The row's drop zone and buttons go once it holds a file: where the panel wrote the command, the keyboard goes on
  // there, as after Ctrl+O (the focus fell to the page).
  const nameRow = (key: string, fileName: string) => {
    state.replaceForm(withClips({ ...form, inputs: form.inputs.map((r) => (r.key === key ? { ...r, fileName } : r)) }, key));
    if (isUntouched) toConvertPanel();
  };
  const drop = usePageDrop(takeLocalFiles);
  // Ctrl+O (Cmd+O), as in the editors' own apps: choose clips from the keyboard wherever the focus is; they go where a
  // drop puts them. The gallery closes (the clip is the start) and the keyboard goes on in the convert panel.
  const filePicker = useRef<HTMLInputElement>(null);
  // In a browser, Ctrl+O lists the home folder's files and opens the one chosen in place, as the Cut screen's Ctrl+O
  // does (nothing crosses the browser); the system's chooser, whose files are uploaded, is a button in it. The
  // desktop app's chooser opens its files in place itself (use-input-sources.ts).
  const [isDiskPicking, setDiskPicking] = useState(false);
  const openFile = () => (window.ffdesk?.pathForFile ? filePicker.current?.click() : setDiskPicking(true));
  useOpenKey(openFile);
  const takeDiskFile = (path: string) => {
    placeClips([baseNameOf(path)]).forEach((key) => void sources.openFromDisk(key, path));
    toConvertPanel();
  };
  useWindowShortcut(isRunKey, runJob);
  const onPicked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])];
    e.target.value = ''; // the same file can be chosen again
    if (picked.length === 0) return;
    takeLocalFiles(picked);
    toConvertPanel();
  };

  return (
    <div className="page" {...drop.handlers} data-testid="job-builder">
      <input ref={filePicker} type="file" multiple hidden aria-hidden="true" tabIndex={-1} onChange={onPicked} data-testid="builder-file-picker" />
      {isDiskPicking && (
        <InputFilePicker
          title="Open a file"
          onPick={takeDiskFile}
          onClose={() => setDiskPicking(false)}
          elsewhere={{ label: 'Upload from elsewhere…', onChoose: () => filePicker.current?.click() }}
        />
      )}
      {drop.isOver && (
        <div className="builder-drop-hint" aria-hidden="true">
          Drop files to use them as inputs
        </div>
      )}
      <PageHeader
        title="New job"
        subtitle="Drop a clip anywhere here or press Ctrl+O to choose one, pick a format, Run. Or write ffmpeg arguments with {{aliases}} for inputs and outputs."
        actions={
          <button className="btn btn-ghost" type="button" aria-expanded={showTemplates} onClick={() => setShowTemplates((v) => !v)}>
            {showTemplates ? 'Hide templates' : 'Show templates'}
          </button>
        }
      />
      {/* What an editor came for first (a clip, a format, Run), under the title; the templates after it:
          above it, they filled an 800 px window and the panel started below the fold. */}
      {form.preset ? <PresetPanel form={form} setForm={setForm} /> : !form.isChained && <ConvertPanel form={form} setForm={setForm} onOpenFile={openFile} />}
      {showTemplates && (
        <div className="card">
          <TemplateGallery sampleNames={new Set(samples.keys())} onUse={(t) => void openTemplate(t)} />
        </div>
      )}
      <section className="card stack" aria-labelledby="cmd-title" data-field={form.isChained ? 'ffmpeg_commands' : 'ffmpeg_command'}>
        <div className="row">
          <h2 id="cmd-title" style={{ fontSize: 'var(--text-l)' }}>
            {form.isChained ? 'Chained commands' : 'Command'}
          </h2>
          <span className="spacer" />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.isChained}
              onChange={(e) => setForm((f) => ({ ...f, isChained: e.target.checked, steps: e.target.checked ? f.steps : f.steps.slice(0, 1) }))}
            />
            Chained steps
          </label>
        </div>
        <p className="small muted">
          Arguments only, no <code>ffmpeg</code>. Type <span className="kbd">{'{{'}</span> to insert a declared alias.
        </p>
        <FixBanner form={form} setForm={setForm} />
        <StepsEditor form={form} aliases={[...declared.inputs, ...declared.outputs]} errors={errors} setForm={setForm} />
      </section>
      <div className="split split-even">
        <section className="card stack" aria-labelledby="inputs-title" data-field="input_files">
          <h2 id="inputs-title" style={{ fontSize: 'var(--text-l)' }}>
            Inputs
          </h2>
          <InputsTable
            form={form}
            files={files.data ?? []}
            errors={errors}
            setForm={setForm}
            updateInput={state.updateInput}
            pickStored={(key, file) => void sources.pickStored(key, file)}
            uploadLocal={(key, file) => {
              nameRow(key, file.name);
              void sources.uploadLocal(key, file, form.isPrivate);
            }}
            openFromDisk={(key, path) => {
              nameRow(key, baseNameOf(path));
              void sources.openFromDisk(key, path);
            }}
            cancelLocal={sources.cancelLocal}
            pickZip={(file) =>
              void sources.urlOf(file).then(
                (url) => setForm((f) => ({ ...f, zipUrl: url })),
                (err: Error) => showToast(err.message, { isError: true }),
              )
            }
          />
        </section>
        <section className="card stack" aria-labelledby="outputs-title" data-field="output_files">
          <h2 id="outputs-title" style={{ fontSize: 'var(--text-l)' }}>
            Outputs
          </h2>
          <OutputsTable form={form} errors={errors} setForm={setForm} updateOutput={state.updateOutput} />
        </section>
      </div>
      <section className="card stack" aria-labelledby="options-title">
        <h2 id="options-title" style={{ fontSize: 'var(--text-l)' }}>
          Options
        </h2>
        <OptionsPanel form={form} errors={errors} maxVcpu={account.data?.max_vcpu} setForm={setForm} />
      </section>
      <SubmitBar state={state} />
    </div>
  );
}
