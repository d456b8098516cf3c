import { API } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import type { PresetDraft } from '../../lib/preset-draft';

type Opened = PresetDraft & { version: number; builtin?: boolean };

/** "Start from a preset": built-in and saved presets, opened in the convert panel with their parameters as fields. */
export function PresetPicker({ onOpen }: { onOpen(p: Opened): void }) {
  const { client } = useApi();
  const presets = useAsync(() => client.call(API.listPresets), [client]);
  const list = presets.data ?? [];
  const groups = [
    { label: 'Your presets', items: list.filter((p) => !p.builtin) },
    { label: 'Built-in', items: list.filter((p) => p.builtin) },
  ].filter((g) => g.items.length > 0);
  return (
    <label className="row small" style={{ gap: 'var(--space-2)' }}>
      <span className="muted">Preset:</span>
      <select
        className="select"
        style={{ width: 'auto', maxWidth: 260 }}
        value=""
        disabled={list.length === 0}
        onChange={(e) => {
          const chosen = list.find((p) => p.name === e.target.value);
          if (chosen) onOpen(chosen);
        }}
      >
        <option value="">{presets.isLoading ? 'Loading…' : 'Open a preset…'}</option>
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.items.map((p) => (
              <option key={p.name} value={p.name}>
                {p.title ?? p.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
