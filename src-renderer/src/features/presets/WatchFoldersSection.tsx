import { useRef } from 'react';
import { useServiceEvents } from '../../lib/events';
import { useAsync } from '../../lib/use-async';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { Preset } from './presets-api';
import { usePresetApi } from './use-preset-api';
import { WatchFolderForm } from './WatchFolderForm';
import { WatchFolderItem } from './WatchFolderItem';

/**
 * Watch folders: each new file in a folder runs a preset; results and errors per folder.
 * The counts follow the service's `watch` events (a file taken, done, failed or left alone),
 * so they change without a reload.
 */
export function WatchFoldersSection({ presets }: { presets: Preset[] }) {
  const api = usePresetApi();
  const list = useAsync(() => api.listWatch(), [api]);
  const pending = useRef(false);
  useServiceEvents((e) => {
    if (e.type !== 'watch' || pending.current) return;
    // A burst of events (a folder of files dropped at once) becomes one reload per frame.
    pending.current = true;
    requestAnimationFrame(() => {
      pending.current = false;
      list.reload();
    });
  });

  return (
    <section className="card stack" aria-labelledby="watch-title">
      <h2 id="watch-title" style={{ fontSize: 'var(--text-l)' }}>
        Watch folders
      </h2>
      <p className="muted small">Every file copied into a watched folder runs the preset once it has stopped changing; outputs go to the output folder.</p>
      {list.error ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {(list.data ?? []).map((w) => (
        <WatchFolderItem
          key={w.watch_id}
          folder={w}
          preset={presets.find((p) => p.name === w.preset)}
          onStop={() => void api.removeWatch(w.watch_id).then(list.reload)}
        />
      ))}
      <WatchFolderForm presets={presets} onCreated={list.reload} />
    </section>
  );
}
