import { Button } from '../../ui/Button';
import { ConfirmButton } from '../../ui/ConfirmButton';
import type { Preset } from './presets-api';

export interface PresetActions {
  select(p: Preset): void;
  openInConvert(p: Preset): void;
  edit(p: Preset): void;
  duplicate(p: Preset): void;
  exportFile(p: Preset): void;
  remove(p: Preset): void;
}

/**
 * Built-in and saved presets, each with what can be done to it. Built-ins are read-only:
 * they can be run, opened, duplicated and exported, not edited or deleted.
 */
export function PresetList({ presets, selectedName, actions }: { presets: Preset[]; selectedName: string | null; actions: PresetActions }) {
  return (
    <ul className="stack" style={{ listStyle: 'none', padding: 0, gap: 0 }} aria-label="Presets">
      {presets.map((p) => {
        const title = p.title ?? p.name;
        return (
          <li key={p.name} className="preset-row small" data-preset={p.name}>
            <Button
              size="small"
              variant={p.name === selectedName ? 'primary' : 'ghost'}
              aria-pressed={p.name === selectedName}
              onClick={() => actions.select(p)}
            >
              {title}
            </Button>
            <span className="muted">{p.builtin ? 'built-in' : `version ${p.version}`}</span>
            <span className="preset-row-actions" role="group" aria-label={`Actions for ${title}`}>
              <Button size="small" variant="ghost" onClick={() => actions.openInConvert(p)}>
                Open in New job
              </Button>
              {!p.builtin && (
                <Button size="small" variant="ghost" onClick={() => actions.edit(p)}>
                  Edit
                </Button>
              )}
              <Button size="small" variant="ghost" onClick={() => actions.duplicate(p)}>
                Duplicate
              </Button>
              <Button size="small" variant="ghost" onClick={() => actions.exportFile(p)}>
                Export
              </Button>
              {!p.builtin && <ConfirmButton size="small" label="Delete" confirmLabel="Delete every version?" onConfirm={() => actions.remove(p)} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
