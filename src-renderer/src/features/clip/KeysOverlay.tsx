import { KeyRows, KeysDialog } from '../../ui/KeysDialog';
import { screenKeyLabel, SCREENS } from '../../app/screen-keys';
import { doesOf, KEYMAP } from './keymap';

/** In reading order; the columns fill top to bottom, so the long Segments list shares the first with Play and the second holds the other three. */
const GROUPS = ['Play', 'Segments', 'Move', 'Timeline', 'Export'] as const;

/** `?`: every key of the clip view, straight from the key map the handler uses. */
export function KeysOverlay({ soundOnly = false, onClose }: { soundOnly?: boolean; onClose(): void }) {
  return (
    <KeysDialog title="Keys of the clip view" onClose={onClose}>
      <div className="clip-keys">
        {GROUPS.map((g) => (
          <section key={g} aria-label={g}>
            <h3 className="field-label">{g}</h3>
            <KeyRows
              rows={[
                ...KEYMAP.filter((k) => k.group === g).map((k) => ({ keys: k.label, does: doesOf(k.action, soundOnly) })),
                // Not the clip view's own: every screen has them (app/screen-keys.ts).
                ...(g === 'Move'
                  ? [{ keys: `${screenKeyLabel('jobs')}…${SCREENS.length}`, does: `Another screen: ${SCREENS.map((s) => s.label).join(', ')}` }]
                  : []),
              ]}
            />
          </section>
        ))}
      </div>
    </KeysDialog>
  );
}
