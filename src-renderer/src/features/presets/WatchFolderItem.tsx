import { Button } from '../../ui/Button';
import type { Preset, WatchFolder } from './presets-api';

/** One watched folder: where from and to, its live counts, its last files and what it left alone. */
/** The service's file states in the words the counts above use (docs/gui.md, "Words"). */
const STATUS_WORDS = { RUNNING: 'running', DONE: 'done', FAILED: 'failed' } as const;

/** The preset's title and its settings by their labels, as the form showed them; the short names only when the preset is gone. */
export function watchSummary(w: WatchFolder, preset: Preset | undefined): { title: string; settings: string[] } {
  const settings = Object.entries(w.parameters).map(([k, v]) => {
    const label = preset?.parameters[k]?.label;
    return label ? `${label}: ${String(v)}` : `${k} ${String(v)}`;
  });
  return { title: preset?.title ?? w.preset, settings };
}

export function WatchFolderItem({ folder: w, preset, onStop }: { folder: WatchFolder; preset: Preset | undefined; onStop(): void }) {
  const { title, settings } = watchSummary(w, preset);
  return (
    <article className="stack subcard" aria-label={`Watch folder ${w.folder}`}>
      <div className="row-wrap small">
        <span className="mono">{w.folder}</span> → <span className="mono">{w.output_folder}</span>
        <span className="muted">
          ({title}
          {settings.length ? `: ${settings.join(', ')}` : ''}
          {w.max_command_run_seconds === null ? '' : `; at most ${w.max_command_run_seconds} s each`})
        </span>
        <span className="spacer" />
        <span role="status" aria-label={`Counts of ${w.folder}`}>
          {w.done} done · {w.failed} failed · {w.running} running
        </span>
        <Button size="small" variant="ghost" onClick={onStop}>
          Stop watching
        </Button>
      </div>
      <p className="muted small">
        Takes {w.extensions.map((e) => `.${e}`).join(' ')}
        {w.extensions_from_preset ? " (the preset's file types)" : ''}
      </p>
      {w.last_error && <p className="field-error">{w.last_error}</p>}
      <ul className="small" aria-label={`Recent files of ${w.folder}`} style={{ margin: 0 }}>
        {w.recent.slice(0, 5).map((f) => (
          <li key={`${f.path}-${f.updated_at}`}>
            {f.path}: {STATUS_WORDS[f.status]}
            {f.outputs.length ? ` → ${f.outputs.join(', ')}` : ''}
            {f.error ? ` (${f.error})` : ''}
          </li>
        ))}
      </ul>
      {w.ignored.length > 0 && (
        <p className="muted small" aria-label={`Ignored files of ${w.folder}`}>
          Left alone (not a file type it takes): {w.ignored.join(', ')}
        </p>
      )}
    </article>
  );
}
