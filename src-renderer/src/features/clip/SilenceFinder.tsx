import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { describeError } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import type { ClipApi } from './clip-api';
import { SILENCE_PAD_SECONDS, silenceSegments, silenceTotal } from './silences';

const LEVELS = [
  { db: -50, label: '−50 dB (a very quiet room)' },
  { db: -40, label: '−40 dB' },
  { db: -35, label: '−35 dB (most voice recordings)' },
  { db: -30, label: '−30 dB' },
  { db: -25, label: '−25 dB (a noisy room)' },
];
const LENGTHS = [0.3, 0.5, 1, 2, 5];

type Found = { status: 'found'; segments: { start: number; end: number }[]; noise: number; min: number };
type State = { status: 'idle' } | { status: 'finding' } | Found | { status: 'failed'; message: string };

/**
 * D: the silences of the sound heard, found by the service (GET /v1/files/{id}/silences), marked as
 * segments the export removes (docs/gui.md, "Find silences"). D, Enter finds; Enter again marks.
 */
export function SilenceFinder(props: {
  api: ClipApi;
  fileId: string;
  track: number;
  trackName: string | null;
  duration: number;
  fps: number;
  onMark(segments: { start: number; end: number }[]): void;
  onClose(): void;
}) {
  const { api, fileId, track, duration, fps } = props;
  const [noise, setNoise] = useState(-35);
  const [min, setMin] = useState(0.5);
  const [state, setState] = useState<State>({ status: 'idle' });
  const asked = useRef<AbortController | null>(null);
  useEffect(() => () => asked.current?.abort(), []);
  const found = state.status === 'found' && state.noise === noise && state.min === min ? state : null;
  const markButton = useRef<HTMLButtonElement>(null);
  // D, Enter finds: the dialog's own first focus is its first field (this runs after it opens).
  const findButton = useRef<HTMLButtonElement>(null);
  useEffect(() => findButton.current?.focus(), []);
  useEffect(() => {
    if (found && found.segments.length > 0) markButton.current?.focus();
  }, [found]);

  const find = async () => {
    asked.current?.abort();
    const controller = new AbortController();
    asked.current = controller;
    setState({ status: 'finding' });
    try {
      const answer = await api.silences(fileId, track, noise, min, controller.signal);
      setState({ status: 'found', segments: silenceSegments(answer.silences, duration, fps), noise, min });
    } catch (err) {
      if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(err) });
    }
  };
  const count = found?.segments.length ?? 0;
  return (
    <Dialog
      title={`Find silences${props.trackName ? ` in ${props.trackName}` : ''}`}
      onClose={props.onClose}
      action={
        <Button size="small" variant="ghost" onClick={props.onClose}>
          Close (Esc)
        </Button>
      }
    >
      <div className="stack">
        <div className="row-wrap">
          <Field label="Quieter than">
            {(p) => (
              <select {...p} className="select" value={noise} onChange={(e) => setNoise(Number(e.target.value))}>
                {LEVELS.map((l) => (
                  <option key={l.db} value={l.db}>
                    {l.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="For at least">
            {(p) => (
              <select {...p} className="select" value={min} onChange={(e) => setMin(Number(e.target.value))}>
                {LENGTHS.map((s) => (
                  <option key={s} value={s}>
                    {s} s
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <p className="small muted">
          Each silence is marked as a segment, less {SILENCE_PAD_SECONDS} s where it meets sound so no word is clipped, and the export removes them and keeps
          the rest (X switches). The segments marked before are one Ctrl+Z away.
        </p>
        <div className="row-wrap">
          {found && count > 0 ? (
            <Button ref={markButton} variant="primary" onClick={() => props.onMark(found.segments)}>
              Mark {count === 1 ? 'the silence' : `the ${count} silences`} as segments
            </Button>
          ) : (
            <Button ref={findButton} variant="primary" disabled={state.status === 'finding'} onClick={() => void find()}>
              {state.status === 'finding' ? 'Listening…' : 'Find'}
            </Button>
          )}
        </div>
        <p className="small" role="status" aria-live="polite" data-testid="silences-found">
          {state.status === 'finding' && 'Listening through the whole track…'}
          {found &&
            (count > 0
              ? `${count === 1 ? 'One silence' : `${count} silences`}, ${silenceTotal(found.segments)} in all.`
              : `No silence of ${min} s or more quieter than ${noise} dB. Try a higher level or a shorter length.`)}
          {state.status === 'failed' && <span className="field-error">{state.message}</span>}
        </p>
      </div>
    </Dialog>
  );
}
