import { Field } from '../../ui/Field';
import { PARAM_TYPES, type ParamRow, type ParamType } from './preset-editor-model';

/** One `{{placeholder}}` of the command as a parameter: label, kind of value, default, range or choices. */
export function ParameterEditor({
  name,
  row,
  errors,
  onChange,
}: {
  name: string;
  row: ParamRow;
  /** Problems by field (`default`, `min` …), from the editor's checks or the service. */
  errors: Partial<Record<keyof ParamRow | 'self', string>>;
  onChange(row: ParamRow): void;
}) {
  const set = (patch: Partial<ParamRow>) => onChange({ ...row, ...patch });
  const isNumber = row.type === 'integer' || row.type === 'number';
  const choices = row.choices
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return (
    <fieldset className="preset-param" data-param={name}>
      <legend>
        <code>{`{{${name}}}`}</code>
      </legend>
      {errors.self && <p className="field-error">{errors.self}</p>}
      <div className="preset-param-grid">
        <Field label="Label" error={errors.label}>
          {(p) => <input {...p} className="input" value={row.label} maxLength={80} onChange={(e) => set({ label: e.target.value })} />}
        </Field>
        <Field label="Type" error={errors.type}>
          {(p) => (
            <select {...p} className="select" value={row.type} onChange={(e) => set({ type: e.target.value as ParamType })}>
              {PARAM_TYPES.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {row.type === 'enum' && (
          <Field label="Choices" hint="Separated by commas" error={errors.choices}>
            {(p) => <input {...p} className="input" value={row.choices} onChange={(e) => set({ choices: e.target.value })} />}
          </Field>
        )}
        <Field label="Default" hint={row.default.trim() === '' ? 'Empty: a value must be given on every run' : undefined} error={errors.default}>
          {(p) =>
            row.type === 'enum' ? (
              <select {...p} className="select" value={row.default} onChange={(e) => set({ default: e.target.value })}>
                <option value="">No default</option>
                {choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...p}
                className="input"
                inputMode={isNumber ? 'decimal' : 'text'}
                value={row.default}
                onChange={(e) => set({ default: e.target.value })}
              />
            )
          }
        </Field>
        {isNumber && (
          <>
            <Field label="Smallest value" error={errors.min}>
              {(p) => <input {...p} className="input" inputMode="decimal" value={row.min} onChange={(e) => set({ min: e.target.value })} />}
            </Field>
            <Field label="Largest value" error={errors.max}>
              {(p) => <input {...p} className="input" inputMode="decimal" value={row.max} onChange={(e) => set({ max: e.target.value })} />}
            </Field>
          </>
        )}
        <Field label="Help text" error={errors.description}>
          {(p) => <input {...p} className="input" value={row.description} maxLength={500} onChange={(e) => set({ description: e.target.value })} />}
        </Field>
      </div>
    </fieldset>
  );
}
