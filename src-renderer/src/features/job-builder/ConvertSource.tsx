import { Button } from '../../ui/Button';
import { formatDuration } from '../../lib/format';
import { codecWord, sizeLabel } from '../../lib/media';
import type { JobForm } from './form';

/**
 * The file being converted, first in the panel, as HandBrake shows its source above the settings:
 * its name and what it is (size, length, codec), and the way to another file (Ctrl+O). The file
 * was said only in the Inputs card under the command, as "in_1", and an empty form listed "Input
 * in 1, Command" to fix (docs/gui.md, "Convert").
 */
export function ConvertSource({ form, clips, onOpen }: { form: JobForm; clips: number; onOpen(): void }) {
  const row = form.inputMode === 'files' ? form.inputs[0] : undefined;
  const name = row?.media?.filename ?? row?.fileName ?? (row?.url ? lastPart(row.url) : undefined);
  const media = row?.media;
  const facts = media ? [sizeLabel(media), media.duration !== undefined ? formatDuration(media.duration) : null, codecWord(media.codec)].filter(Boolean) : [];
  const state =
    row?.upload && !row.upload.error && row.upload.percent < 100
      ? row.upload.phase === 'probing'
        ? 'reading the media…'
        : `uploading ${Math.floor(row.upload.percent)}%`
      : null;
  return (
    <div className="row-wrap convert-source" data-testid="convert-source">
      {name ? (
        <span>
          <span className="muted small">{clips > 1 ? `Source (1 of ${clips}): ` : 'Source: '}</span>
          <strong>{name}</strong>
          {state ? <span className="muted small"> — {state}</span> : facts.length > 0 && <span className="muted small"> · {facts.join(' · ')}</span>}
        </span>
      ) : (
        <span className="small">No file yet: drop a clip anywhere here, or choose one.</span>
      )}
      {/* Skipped when a file is chosen and the keyboard goes on in the panel: the format comes next, not this button. */}
      <Button size="small" variant={name ? 'ghost' : 'primary'} onClick={onOpen} aria-keyshortcuts="Control+O" data-convert-skip="">
        {name ? 'Other file…' : 'Open a file…'} <span className="kbd">Ctrl+O</span>
      </Button>
    </div>
  );
}

/** The file name of a URL, for an input given by URL (no stored record to name it). */
function lastPart(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
}
