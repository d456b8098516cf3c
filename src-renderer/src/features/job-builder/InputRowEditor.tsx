import { useRef, useState } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import { InputFilePicker } from './InputFilePicker';
import { Button } from '../../ui/Button';
import { DropZone } from '../../ui/DropZone';
import { ProgressBar } from '../../ui/ProgressBar';
import type { InputRow, InputSource } from './form';
import { InputMediaSummary } from './InputMediaSummary';
import { StoredFilePicker } from './StoredFilePicker';
import type { InputKind } from '../../lib/input-kinds';

interface Props {
  row: InputRow;
  files: StoredFile[];
  /** The kinds of file the command reads for this input (the stored-file picker offers those). */
  kinds: readonly InputKind[];
  messages: string[];
  onChange(patch: Partial<InputRow>): void;
  onPickStored(file: StoredFile): void;
  onLocalFile(file: File): void;
  /** A file of the local disk chosen in the folder picker, opened in place (no upload). */
  onDiskFile(path: string): void;
  onRemove(): void;
}

const SOURCES: { id: InputSource; label: string }[] = [
  { id: 'url', label: 'URL' },
  { id: 'stored', label: 'Stored file' },
  { id: 'local', label: 'Local file' },
];

export function InputRowEditor({ row, files, kinds, messages, onChange, onPickStored, onLocalFile, onDiskFile, onRemove }: Props) {
  const picked = files.find((f) => f.filename === row.fileName && row.url.includes(f.file_id))?.file_id;
  return (
    <tr data-field={`input_files.${row.alias.trim()}`}>
      <td style={{ width: '22%' }}>
        <input
          className="input mono"
          aria-label="Input alias"
          aria-invalid={messages.length > 0}
          value={row.alias}
          onChange={(e) => onChange({ alias: e.target.value })}
        />
      </td>
      <td>
        <div className="stack">
          <div className="segmented" role="group" aria-label={`Source of ${row.alias}`}>
            {SOURCES.map((s) => (
              <button key={s.id} type="button" aria-pressed={row.source === s.id} onClick={() => onChange({ source: s.id })}>
                {s.label}
              </button>
            ))}
          </div>
          {row.source === 'url' && (
            <input
              className="input mono"
              type="url"
              placeholder="https://example.com/video.mp4"
              aria-label={`URL of ${row.alias}`}
              aria-invalid={messages.length > 0}
              value={row.url}
              onChange={(e) => onChange({ url: e.target.value, fileName: undefined })}
            />
          )}
          {row.source === 'stored' && (
            <StoredFilePicker files={files} kinds={kinds} value={picked} label={`Stored file for ${row.alias}`} onPick={onPickStored} />
          )}
          {row.source === 'local' && (
            <LocalSource
              row={row}
              onLocalFile={onLocalFile}
              onDiskFile={onDiskFile}
              onAnother={() => onChange({ url: '', media: undefined, previewUrl: undefined, upload: undefined, fileName: undefined })}
            />
          )}
          {row.source !== 'url' && row.media && row.url && <InputMediaSummary media={row.media} previewUrl={row.previewUrl} url={row.url} />}
          {messages.map((m) => (
            <span key={m} className="field-error" role="alert">
              {m}
            </span>
          ))}
        </div>
      </td>
      <td style={{ width: 1 }}>
        <Button size="small" variant="ghost" aria-label={`Remove input ${row.alias}`} onClick={onRemove}>
          ✕
        </Button>
      </td>
    </tr>
  );
}

/**
 * A local file is uploaded first, then probed by the service; its stored URL feeds the command.
 * "From disk…" instead lets the service copy a file of the home folder itself (no upload: a big
 * recording is ready in seconds).
 */
function LocalSource({
  row,
  onLocalFile,
  onDiskFile,
  onAnother,
}: {
  row: InputRow;
  onLocalFile(file: File): void;
  onDiskFile(path: string): void;
  /** Back to choosing: the row's file is let go (it stays stored). */
  onAnother(): void;
}) {
  const [isPicking, setPicking] = useState(false);
  const choosing = useRef<HTMLDivElement>(null);
  if (row.upload && !row.upload.error) {
    const done = row.upload.percent >= 100;
    const text = done ? 'stored' : row.upload.phase === 'probing' ? 'reading the media…' : `uploading ${Math.floor(row.upload.percent)}%`;
    return (
      <div className="stack">
        <span className="row-wrap">
          <span className="small" data-testid="local-input-state">
            {row.fileName} — {text}
          </span>
          {/* Another file for this row, without removing it (and its alias in the command) first. */}
          {done && (
            <Button
              size="small"
              variant="ghost"
              onClick={() => {
                onAnother();
                // The button goes: the keyboard goes on at the row's own "Choose a file…".
                requestAnimationFrame(() => choosing.current?.querySelector<HTMLElement>('button')?.focus());
              }}
            >
              Another file…
            </Button>
          )}
        </span>
        {!done && <ProgressBar percent={row.upload.phase === 'probing' ? null : row.upload.percent} label={`Upload of ${row.fileName ?? 'file'}`} />}
      </div>
    );
  }
  return (
    <div className="stack" ref={choosing}>
      {row.upload?.error && (
        <span className="field-error" role="alert">
          Upload failed: {row.upload.error}
        </span>
      )}
      <DropZone multiple={false} onFiles={(files) => files[0] && onLocalFile(files[0])} buttonLabel={`Choose a file for ${row.alias}…`}>
        <span className="small">
          {/* The desktop app knows a dropped file's path and opens it in place (use-input-sources.ts). */}
          Drop a file here (or anywhere on this page);{' '}
          {window.ffdesk?.pathForFile
            ? 'one of your home folder is used in place (no upload), any other is uploaded first.'
            : 'it is uploaded to the service first.'}
        </span>
      </DropZone>
      <div className="row-wrap">
        <Button size="small" onClick={() => setPicking(true)}>
          From disk…
        </Button>
        <span className="small muted">
          A file of your home folder (video, sound, picture or subtitles), copied by FFDesk from the disk: nothing crosses the browser.
        </span>
      </div>
      {isPicking && <InputFilePicker title={`Choose a file for ${row.alias}`} onPick={onDiskFile} onClose={() => setPicking(false)} />}
    </div>
  );
}
