import { Field } from '../../ui/Field';
import { suggestedName, type JobForm } from './form';

interface Props {
  form: JobForm;
  errors: Map<string, string[]>;
  maxVcpu?: number;
  setForm(update: (f: JobForm) => JobForm): void;
}

/** Job name, private outputs, result cache, vCPU count and run-time limit (docs/choices.md: Requests). */
export function OptionsPanel({ form, errors, maxVcpu, setForm }: Props) {
  const first = (key: string) => errors.get(key)?.[0];
  return (
    <div className="stack-l">
      <Field
        label="Job name"
        hint="Optional: shown in Jobs and searchable. Left empty, the job is named after its template or its command."
        name="name"
        error={first('name')}
      >
        {(p) => (
          <input
            {...p}
            className="input"
            maxLength={200}
            placeholder={suggestedName(form) || 'e.g. Trailer, 720p'}
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
        )}
      </Field>
      <label className="checkbox">
        <input type="checkbox" checked={form.isPrivate} onChange={(e) => setForm((f) => ({ ...f, isPrivate: e.target.checked }))} />
        Private outputs (no public URL; share with presigned links)
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={form.useCache === true} onChange={(e) => setForm((f) => ({ ...f, useCache: e.target.checked }))} />
        Reuse an identical earlier result (cache)
      </label>
      <p className="small muted">Same command, same input bytes, same ffmpeg: the earlier job&apos;s outputs are shared instead of running again.</p>
      <div className="row-wrap" style={{ alignItems: 'flex-start' }}>
        <Field
          label="Cores (vCPUs)"
          hint={maxVcpu ? `1 to ${maxVcpu}; default ${Math.min(8, maxVcpu)}` : 'Default: up to 8'}
          name="vcpu_count"
          error={first('vcpu_count')}
        >
          {(p) => (
            <input
              {...p}
              className="input"
              inputMode="numeric"
              style={{ width: 120 }}
              placeholder="auto"
              value={form.vcpuCount}
              onChange={(e) => setForm((f) => ({ ...f, vcpuCount: e.target.value }))}
            />
          )}
        </Field>
        <Field label="Max run time (s)" hint="Empty: no limit (other API keys: 300)" name="max_command_run_seconds" error={first('max_command_run_seconds')}>
          {(p) => (
            <input
              {...p}
              className="input"
              inputMode="decimal"
              style={{ width: 140 }}
              placeholder="no limit"
              value={form.maxRunSeconds}
              onChange={(e) => setForm((f) => ({ ...f, maxRunSeconds: e.target.value }))}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
