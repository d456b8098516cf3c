import { useCallback, useMemo, useState } from 'react';
import type { ValidationIssue } from '../../../../src-service/client';
import { useHandedOff } from '../../lib/hand-off';
import { jobHandOff, type JobHandoff } from '../../lib/job-handoff';
import { emptyForm, fromRequest, newKey, type InputRow, type JobForm, type OutputRow } from './form';
import { validateForm } from './form-checks';
import { openPreset } from './preset-form';
import { loadDraft, saveDraft, submittedForm } from './draft-storage';
import type { Limits } from './validation';

/** The draft survives leaving the screen (module scope) and a reload (localStorage). */
let savedDraft: JobForm | null = loadDraft();

function initialForm(handoff: JobHandoff | null): JobForm {
  if (handoff?.kind === 'request' && handoff.fix) return { ...fromRequest(handoff.request), fix: handoff.fix };
  // Edit as new: the form the job was run from when this browser ran it, else what its request says.
  if (handoff?.kind === 'request') return (handoff.commandId && submittedForm(handoff.commandId, handoff.request)) || fromRequest(handoff.request);
  const base = savedDraft ?? emptyForm();
  if (handoff?.kind === 'preset') return openPreset(base, handoff.preset);
  if (handoff?.kind === 'input') {
    const row: InputRow = { key: newKey(), alias: 'in_1', source: 'stored', url: handoff.url, fileName: handoff.filename };
    const taken = base.inputs.filter((r) => r.url.trim() !== '');
    const alias = `in_${taken.length + 1}`;
    return { ...base, inputMode: 'files', inputs: [...taken, { ...row, alias }] };
  }
  return base;
}

export function useJobForm(limits: Limits) {
  const handoff = useHandedOff(jobHandOff);
  const [form, setFormState] = useState<JobForm>(() => initialForm(handoff));
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [hasAttempted, setAttempted] = useState(false);

  const setForm = useCallback((update: (f: JobForm) => JobForm) => {
    setFormState((f) => {
      const next = update(f);
      savedDraft = next;
      saveDraft(next);
      return next;
    });
    setServerIssues([]);
  }, []);

  const updateInput = useCallback(
    (key: string, patch: Partial<InputRow>) => setForm((f) => ({ ...f, inputs: f.inputs.map((r) => (r.key === key ? { ...r, ...patch } : r)) })),
    [setForm],
  );
  const updateOutput = useCallback(
    (key: string, patch: Partial<OutputRow>) => setForm((f) => ({ ...f, outputs: f.outputs.map((r) => (r.key === key ? { ...r, ...patch } : r)) })),
    [setForm],
  );

  const localIssues = useMemo(() => validateForm(form, limits), [form, limits]);
  // Before the first submit, empty fields are not shouted at; broken ones are.
  const visibleIssues = useMemo(() => {
    const local = hasAttempted ? localIssues : localIssues.filter((i) => i.type === 'value_error' || i.type === 'less_than_equal' || i.type === 'int_parsing');
    return [...local, ...serverIssues];
  }, [localIssues, serverIssues, hasAttempted]);

  return {
    form,
    setForm,
    replaceForm: (f: JobForm) => setForm(() => f),
    reset: () => setForm(() => emptyForm()),
    updateInput,
    updateOutput,
    localIssues,
    visibleIssues,
    setServerIssues,
    markAttempted: () => setAttempted(true),
    /** Opened with a job's request (Edit as new, Fix in builder) or a preset: the form is the start, not the gallery. */
    isOpenedWithForm: handoff?.kind === 'request' || handoff?.kind === 'preset',
  };
}

export type JobFormState = ReturnType<typeof useJobForm>;
