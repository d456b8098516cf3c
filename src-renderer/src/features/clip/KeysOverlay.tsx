import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { screenKeyLabel, SCREENS } from '../../app/screen-keys';
import { KEYMAP } from './keymap';

/** In reading order; the columns fill top to bottom, so the long Segments list shares the first with Play and the second holds the other three. */
const GROUPS = ['Play', 'Segments', 'Move', 'Timeline', 'Export'] as const;

/** `?`: every key of the clip view, straight from the key map the handler uses. */
export function KeysOverlay({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      title="Keys of the clip view"
      onClose={onClose}
      onKey={(e) => e.key === '?' && onClose()}
      action={
        <Button autoFocus onClick={onClose}>
          Close (Esc)
        </Button>
      }
    >
      <div className="clip-keys">
        {GROUPS.map((g) => (
          <section key={g} aria-label={g}>
            <h3 className="field-label">{g}</h3>
            <dl className="clip-keys-list">
              {KEYMAP.filter((k) => k.group === g).map((k) => (
                <div key={k.action} className="clip-keys-row">
                  <dt>
                    <kbd>{k.label}</kbd>
                  </dt>
                  <dd>{k.does}</dd>
                </div>
              ))}
              {g === 'Move' && (
                // Not the clip view's own: every screen has them (app/screen-keys.ts).
                <div className="clip-keys-row">
                  <dt>
                    <kbd>
                      {screenKeyLabel('jobs')}…{SCREENS.length}
                    </kbd>
                  </dt>
                  <dd>Another screen: {SCREENS.map((s) => s.label).join(', ')}</dd>
                </div>
              )}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
