import { useState } from 'react';
import { API } from '../../../../src-service/client';
import { Button } from '../../ui/Button';
import { useApi } from '../../lib/api';
import { useAsync } from '../../lib/use-async';
import type { PresetDraft } from '../../lib/preset-draft';

type Opened = PresetDraft & { version: number; builtin?: boolean };

/**
 * "Start from a preset": built-in and saved presets, opened in the convert panel with their
 * parameters as fields. Choosing in the list only chooses; "Open" (or Enter in the list) opens:
 * the arrow keys change a closed list's value, and opening at each change replaced the job's form
 * at the first ↓ (docs/gui.md, "Presets").
 */
export function PresetPicker({ onOpen }: { onOpen(p: Opened): void }) {
  const { client } = useApi();
  const [choice, setChoice] = useState('');
  const presets = useAsync(() => client.call(API.listPresets), [client]);
  const list = presets.data ?? [];
  const groups = [
    { label: 'Your presets', items: list.filter((p) => !p.builtin) },
    { label: 'Built-in', items: list.filter((p) => p.builtin) },
  ].filter((g) => g.items.length > 0);
  const chosen = list.find((p) => p.name === choice);
  const open = () => {
    if (!chosen) return;
    setChoice('');
    onOpen(chosen);
  };
  return (
    <span className="row small" style={{ gap: 'var(--space-2)' }}>
      <label className="row" style={{ gap: 'var(--space-2)' }}>
        <span className="muted">Preset:</span>
        <select
          className="select"
          style={{ width: 'auto', maxWidth: 260 }}
          value={choice}
          disabled={list.length === 0}
          onChange={(e) => setChoice(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !chosen) return;
            e.preventDefault();
            open();
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
      <Button size="small" disabled={!chosen} onClick={open}>
        Open
      </Button>
    </span>
  );
}
