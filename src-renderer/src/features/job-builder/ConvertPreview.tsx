import { Field } from '../../ui/Field';
import { useEffect, useRef, useState } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { formatBytes, formatDuration } from '../../lib/format';
import { previewKindOf, sizeBytesOf, sizeLabel } from '../../lib/media';
import { Button } from '../../ui/Button';
import { partStartOf, previewRequest, PREVIEW_SECONDS } from './convert-preview';
import { formatTime } from '../../lib/time-text';
import type { JobForm } from './form';

type State = { phase: 'idle' } | { phase: 'running' } | { phase: 'done'; file: StoredFile; jobId: string } | { phase: 'failed'; message: string };

/** A few seconds encoded with the command as it stands, beside the same seconds of the source. */
export function ConvertPreview({ form }: { form: JobForm }) {
  const { client } = useApi();
  const [start, setStart] = useState('0');
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const input = form.inputMode === 'files' ? form.inputs[0] : undefined;
  const startSeconds = Math.max(0, Number(start) || 0);
  const request = previewRequest(form, startSeconds);
  // The preview's start counts from the part's (the panel's From), as the encode does: said, as 0 read as the file's start.
  const partStart = partStartOf(form);

  const run = async () => {
    if (!request) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running' });
    try {
      const { command_id } = await client.runCommand(request, { signal: controller.signal });
      const record = await client.waitForCommand(command_id, { intervalMs: 400, presignedTtlSeconds: 3600, signal: controller.signal });
      const file = Object.values(record.output_files ?? {})[0];
      if (record.status !== 'SUCCESS' || !file) setState({ phase: 'failed', message: record.error_message ?? 'The preview did not finish.' });
      else setState({ phase: 'done', file, jobId: command_id });
    } catch (err) {
      if (!controller.signal.aborted) setState({ phase: 'failed', message: (err as Error).message });
    }
  };

  return (
    <div className="stack" data-testid="convert-preview">
      <div className="row-wrap" style={{ alignItems: 'flex-end' }}>
        <Field label="Preview from (seconds)" hint={partStart ? `Counted from the part's start, ${formatTime(partStart)}` : undefined}>
          {(p) => (
            <>
              <input
                {...p}
                className="input"
                type="number"
                min={0}
                step={0.5}
                style={{ width: 120 }}
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
            </>
          )}
        </Field>
        {/* Busy, not disabled, while it encodes: a disabled button drops the keyboard focus to the page. */}
        <Button disabled={!request} aria-busy={state.phase === 'running'} onClick={() => state.phase !== 'running' && void run()}>
          {state.phase === 'running' ? 'Encoding preview…' : `Preview ${PREVIEW_SECONDS} seconds`}
        </Button>
        {!request && <span className="small muted">Needs an input and a single command.</span>}
      </div>
      {state.phase === 'failed' && (
        <p className="field-error" role="alert">
          Preview failed: {state.message}
        </p>
      )}
      {state.phase === 'done' && input && (
        <div className="convert-compare">
          <figure>
            <figcaption className="small strong">Source</figcaption>
            <Media url={input.url ? `${input.url}#t=${startSeconds}` : ''} file={input.media} label="Source" />
            {input.media && <Facts file={input.media} />}
          </figure>
          <figure data-testid="preview-result">
            <figcaption className="small strong">Preview ({PREVIEW_SECONDS} s)</figcaption>
            <Media url={state.file.storage_url ?? ''} file={state.file} label="Preview" />
            <Facts file={state.file} />
            <a className="small" href={`#/jobs/${state.jobId}`}>
              Open the preview job
            </a>
          </figure>
        </div>
      )}
    </div>
  );
}

function Media({ url, file, label }: { url: string; file?: StoredFile; label: string }) {
  if (!url) return null;
  const kind = file ? previewKindOf(file) : 'video';
  if (kind === 'image') return <img src={url} alt={label} className="convert-media" />;
  if (kind === 'audio') return <audio src={url} controls aria-label={label} />;
  return <video src={url} controls muted className="convert-media" aria-label={label} />;
}

/** Size and bitrate (bytes × 8 / duration) of one side. */
function Facts({ file }: { file: StoredFile }) {
  const bytes = sizeBytesOf(file) ?? 0;
  const kbps = file.duration ? (bytes * 8) / file.duration / 1000 : undefined;
  return (
    <dl className="small convert-facts">
      <dt className="muted">Size</dt>
      <dd data-fact="size">{formatBytes(bytes)}</dd>
      <dt className="muted">Bitrate</dt>
      <dd data-fact="bitrate">{kbps === undefined ? '—' : kbps >= 1000 ? `${(kbps / 1000).toFixed(1)} Mbit/s` : `${Math.round(kbps)} kbit/s`}</dd>
      {sizeLabel(file) ? (
        <>
          <dt className="muted">Picture</dt>
          <dd data-fact="resolution">{sizeLabel(file)}</dd>
        </>
      ) : null}
      <dt className="muted">Duration</dt>
      <dd data-fact="duration">{formatDuration(file.duration)}</dd>
    </dl>
  );
}
