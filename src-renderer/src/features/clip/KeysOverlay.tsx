import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { KEYMAP } from './keymap';

const GROUPS = ['Play', 'Move', 'Segments', 'Timeline', 'Export'] as const;

/** `?`: every key of the clip view, straight from the key map the handler uses. */
export function KeysOverlay({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      title="Keys of the clip view"
      onClose={onClose}
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
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
