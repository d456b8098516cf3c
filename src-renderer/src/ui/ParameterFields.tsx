import type { PresetParameter } from '../../../src-service/contract/preset-definition';
import { parameterLabel, valueProblem } from '../lib/preset-draft';
import { Field } from './Field';

/**
 * A preset's parameters as fields (the Presets page's run panel and the job builder's
 * convert panel): a number field with its range, a list for choices, a text field. Values
 * stay text; the service converts and checks them again.
 */
export function ParameterFields({
  parameters,
  values,
  onChange,
}: {
  parameters: Record<string, PresetParameter>;
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
}) {
  const entries = Object.entries(parameters);
  if (entries.length === 0) return <p className="muted small">This preset has no parameters.</p>;
  return (
    <div className="preset-fields">
      {entries.map(([name, p]) => {
        const value = values[name] ?? (p.default === undefined ? '' : String(p.default));
        const set = (v: string) => onChange({ ...values, [name]: v });
        const isNumber = p.type === 'number' || p.type === 'integer';
        const range = isNumber && (p.min !== undefined || p.max !== undefined) ? `From ${p.min ?? '…'} to ${p.max ?? '…'}` : '';
        const hint = [range, p.description].filter(Boolean).join('. ') || undefined;
        return (
          <Field key={name} name={`parameters.${name}`} label={parameterLabel(name, p)} hint={hint} error={valueProblem(p, value) ?? undefined}>
            {(props) =>
              p.type === 'enum' ? (
                <select className="select" {...props} value={value} onChange={(e) => set(e.target.value)}>
                  {p.default === undefined && <option value="">Choose…</option>}
                  {p.values.map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  className="input"
                  {...props}
                  type={isNumber ? 'number' : 'text'}
                  {...(isNumber ? { min: p.min, max: p.max, step: p.type === 'integer' ? 1 : 'any' } : {})}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                />
              )
            }
          </Field>
        );
      })}
    </div>
  );
}
