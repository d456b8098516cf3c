import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../../src-service/client';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast';
import { ParameterEditor } from './ParameterEditor';
import { definitionOf, issueKey, issueWords, withSteps, type EditorState, type ParamRow } from './preset-editor-model';
import type { Preset } from './presets-api';
import { usePresetApi } from './use-preset-api';
import './presets.css';

export type EditorMode = { kind: 'new' } | { kind: 'edit'; version: number };

/** The service's field names for a parameter, as the editor's. */
const SERVICE_FIELD: Record<string, keyof ParamRow> = {
  values: 'choices',
  min: 'min',
  max: 'max',
  default: 'default',
  label: 'label',
  description: 'description',
  type: 'type',
};

/**
 * Makes or edits a preset (docs/gui.md, "Presets"): the command, each `{{placeholder}}` a
 * typed parameter, the output names. Editing saves the next version; the older stays.
 */
export function PresetEditor({ mode, initial, onSaved, onCancel }: { mode: EditorMode; initial: EditorState; onSaved(p: Preset): void; onCancel(): void }) {
  const api = usePresetApi();
  const [state, setState] = useState(initial);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setBusy] = useState(false);
  const [hasTried, setTried] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // What had the focus before the editor took it (Edit, Duplicate…): it gets it back on close.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => heading.current?.focus(), []);
  const giveFocusBack = () => {
    if (opener?.isConnected && opener !== document.body) opener.focus();
    else document.getElementById('presets-title')?.focus();
  };
  const cancel = () => {
    onCancel();
    giveFocusBack();
  };
  const { definition, problems } = definitionOf(state);
  const isEdit = mode.kind === 'edit';

  const paramErrors = (name: string) => {
    const out: Partial<Record<keyof ParamRow | 'self', string>> = {};
    for (const p of problems) if (p.param === name) out[p.field] ??= p.msg;
    for (const [key, msg] of Object.entries(serverIssues)) {
      const [head, param, field] = key.split('.');
      if (head !== 'parameters' || param !== name) continue;
      out[field ? (SERVICE_FIELD[field] ?? 'self') : 'self'] ??= msg;
    }
    return out;
  };
  const unplaced = Object.entries(serverIssues).filter(([key]) => !/^(parameters\.|steps\.|outputs\.|name$|title$)/.test(key));

  async function save() {
    setTried(true);
    if (problems.length > 0 || !definition.name) return;
    setBusy(true);
    setError(null);
    try {
      const saved = isEdit ? await api.update(definition.name, definition) : await api.save(definition);
      showToast(isEdit ? `Saved ${saved.name}, version ${saved.version}` : `Saved preset ${saved.name}`);
      onSaved(saved);
      giveFocusBack();
    } catch (err) {
      const issues = isApiError(err) ? err.issues : [];
      setServerIssues(Object.fromEntries(issues.map((i) => [issueKey(i.loc), issueWords(i.loc, i.msg, state)])));
      setError(issues.length > 0 ? null : err);
    } finally {
      setBusy(false);
    }
  }

  const setSteps = (i: number, text: string) => {
    setServerIssues({});
    setState((s) =>
      withSteps(
        s,
        s.steps.map((t, j) => (j === i ? text : t)),
      ),
    );
  };
  const params = Object.entries(state.params);
  return (
    <section
      className="card stack preset-editor"
      aria-labelledby="preset-editor-title"
      data-testid="preset-editor"
      // Escape closes without saving, as a dialog does (docs/gui.md, "Presets").
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        cancel();
      }}
    >
      <h2 id="preset-editor-title" ref={heading} tabIndex={-1} style={{ fontSize: 'var(--text-l)' }}>
        {isEdit ? `Edit ${state.title || state.name}` : 'New preset'}
      </h2>
      {isEdit && (
        <p className="small muted">
          Saving adds version {mode.version + 1}. Version {mode.version} stays as it is, for batches and watch folders that use it.
        </p>
      )}
      {error ? <ErrorNotice error={error} title="Not saved" /> : null}
      {unplaced.length > 0 && (
        <div className="notice notice-danger" role="alert">
          <ul className="stack small">
            {unplaced.map(([key, msg]) => (
              <li key={key}>{msg}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="preset-param-grid">
        <Field
          label="Name"
          hint="Lower-case letters, digits, - and _; used to run it from scripts"
          error={serverIssues.name ?? (hasTried && !state.name.trim() ? 'Needs a name' : undefined)}
        >
          {(p) => (
            <input
              {...p}
              className="input"
              value={state.name}
              readOnly={isEdit}
              onChange={(e) => setState((s) => ({ ...s, name: e.target.value.toLowerCase() }))}
            />
          )}
        </Field>
        <Field label="Title" hint="What lists show" error={serverIssues.title}>
          {(p) => <input {...p} className="input" value={state.title} maxLength={100} onChange={(e) => setState((s) => ({ ...s, title: e.target.value }))} />}
        </Field>
      </div>
      {state.steps.map((text, i) => (
        <Field
          key={i}
          label={state.steps.length > 1 ? `Step ${i + 1}` : 'Command'}
          hint={i === 0 ? 'Write {{height}} (any name) where a value goes: each one becomes a parameter below.' : undefined}
          error={serverIssues[`steps.${i}`]}
        >
          {(p) => <textarea {...p} className="textarea mono" rows={3} spellCheck={false} value={text} onChange={(e) => setSteps(i, e.target.value)} />}
        </Field>
      ))}
      <h3 style={{ fontSize: 'var(--text-m)' }}>Parameters</h3>
      {params.length > 0 && (
        <p className="small muted">
          Each one is a field when the preset is run: its label, the kind of value, a default, and limits or choices. The help text shows under the field.
        </p>
      )}
      {params.length === 0 && <p className="small muted">No {'{{placeholders}}'} in the command: the preset runs as it is.</p>}
      {params.map(([name, row]) => (
        <ParameterEditor
          key={name}
          name={name}
          row={row}
          errors={paramErrors(name)}
          onChange={(next) => setState((s) => ({ ...s, params: { ...s.params, [name]: next } }))}
        />
      ))}
      {state.outputs !== 'OUTPUT_FOLDER' && (
        <div className="preset-param-grid">
          {Object.entries(state.outputs).map(([alias, pattern]) => (
            <Field
              key={alias}
              label={`File name for ${alias}`}
              hint="{name} is the input's name; {height} a parameter's value"
              error={serverIssues[`outputs.${alias}`]}
            >
              {(p) => (
                <input
                  {...p}
                  className="input mono"
                  value={pattern}
                  onChange={(e) => setState((s) => ({ ...s, outputs: s.outputs === 'OUTPUT_FOLDER' ? s.outputs : { ...s.outputs, [alias]: e.target.value } }))}
                />
              )}
            </Field>
          ))}
        </div>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={state.cache} onChange={(e) => setState((s) => ({ ...s, cache: e.target.checked }))} />
        Reuse an identical earlier result (cache)
      </label>
      <div className="row-wrap">
        <Button variant="primary" disabled={isBusy} onClick={() => void save()}>
          {isEdit ? `Save as version ${mode.version + 1}` : 'Save preset'}
        </Button>
        <Button variant="ghost" onClick={cancel} title="Close without saving (Esc)">
          Cancel
        </Button>
      </div>
    </section>
  );
}
