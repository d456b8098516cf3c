import { Field } from '../../ui/Field';
import type { Preset } from './presets-api';

/** One input per declared parameter, prefilled with its default; values stay text (the service converts them). */
export function ParameterFields({
  preset,
  values,
  onChange,
}: {
  preset: Preset;
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
}) {
  const entries = Object.entries(preset.parameters);
  if (entries.length === 0) return <p className="muted small">This preset has no parameters.</p>;
  return (
    <div className="stack">
      {entries.map(([name, p]) => {
        const bounds =
          (p.type === 'number' || p.type === 'integer') && (p.min !== undefined || p.max !== undefined) ? ` (${p.min ?? '…'} – ${p.max ?? '…'})` : '';
        const value = values[name] ?? String(p.default ?? '');
        const set = (v: string) => onChange({ ...values, [name]: v });
        return (
          <Field key={name} label={`${name}${bounds}`} hint={p.description}>
            {(props) =>
              p.type === 'enum' ? (
                <select className="input" {...props} value={value} onChange={(e) => set(e.target.value)}>
                  {(p.values ?? []).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              ) : (
                <input className="input" {...props} inputMode={p.type === 'string' ? 'text' : 'decimal'} value={value} onChange={(e) => set(e.target.value)} />
              )
            }
          </Field>
        );
      })}
    </div>
  );
}
