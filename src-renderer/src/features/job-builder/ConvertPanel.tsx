import { useEffect } from 'react';
import { ConvertFrame, focusConvertPanel } from './ConvertFrame';
import { Field } from '../../ui/Field';
import { Button } from '../../ui/Button';
import { formatBytes } from '../../lib/format';
import { convertArgs, rangeOf, type ConvertChoices } from './convert-args';
import { ConvertRange } from './ConvertRange';
import { estimateSize } from './convert-estimate';
import { choicesOf, CONVERT_PRESETS, isEditedByHand, isStartingPoint, sourceFactsOf, startFrom, writeConvert } from './convert-form';
import { ConvertSource } from './ConvertSource';
import { CONTAINER_ORDER, CONTAINERS, codecLabel, codecsFor, qualityWords } from './convert-formats';
import { ConvertPicture } from './ConvertPicture';
import { ConvertAudio } from './ConvertAudio';
import { ConvertPreview } from './ConvertPreview';
import { SplitOffer, useSplitPlan } from '../../ui/SplitOffer';
import type { JobForm } from './form';
import { rowsConvertedEach } from './convert-each';
import { useHardwareEncoders } from './use-hardware-encoders';
import { openPreset } from './preset-form';
import { PresetPicker } from './PresetPicker';
import { useLoudnessMeasure } from './use-loudness-measure';
import './convert.css';

interface Props {
  form: JobForm;
  setForm(update: (f: JobForm) => JobForm): void;
  /** Another file (Ctrl+O's chooser). */
  onOpenFile(): void;
}

/** Arrow keys (and Home/End) move the focus between the format cards, as in a toolbar. */
function moveBetweenCards(e: React.KeyboardEvent<HTMLElement>): void {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (step === undefined && e.key !== 'Home' && e.key !== 'End') return;
  const cards = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = cards.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1) return;
  e.preventDefault();
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? cards.length - 1 : (at + (step ?? 0) + cards.length) % cards.length;
  cards[next]?.focus();
}

/**
 * Convert without typing: format, codec, quality, picture and sound as fields. Each choice
 * writes the ffmpeg arguments into the command editor; once the text is edited by hand the
 * panel stops writing until "Let the panel write the command" is pressed.
 */
export function ConvertPanel({ form, setForm, onOpenFile }: Props) {
  const hw = useHardwareEncoders();
  const choices = choicesOf(form);
  const byHand = isEditedByHand(form);
  const clips = rowsConvertedEach(form)?.length ?? 1;
  const kind = CONTAINERS[choices.container].kind;
  const codecs = codecsFor(choices.container, hw?.working ?? []);
  const source = sourceFactsOf(form);
  const notes = convertArgs(choices, 'in_1', 'out_1', source).notes;
  const soundOnly = source.hasPicture === false;
  const silent = source.hasSound === false;
  const estimate = estimateSize(choices, source);
  // A part of the file is not split across cores: its encode is short, and a segmented command reads the whole input.
  const range = rangeOf(choices);
  const isWhole = range.start === 0 && range.length === null;
  const split = useSplitPlan(kind === 'video' && isWhole ? source.duration : undefined);
  // What the panel writes depends on the input's picture too (a portrait one's 720p is 720 wide:
  // isTallPicture), which is known only once the input is probed: a command the panel wrote
  // before then is written again.
  const isStale = form.convert !== undefined && !byHand && writeConvert(form, choices).steps[0] !== form.steps[0];
  useEffect(() => {
    if (isStale) setForm((f) => (isEditedByHand(f) ? f : writeConvert(f, choicesOf(f))));
  }, [isStale, setForm]);

  const choose = (patch: Partial<ConvertChoices>) => chooseAll({ ...choicesOf(form), ...patch }, patch);
  function chooseAll(all: ConvertChoices, patch: Partial<ConvertChoices> = all) {
    setForm((f) => {
      const next = patch === all ? all : { ...choicesOf(f), ...patch };
      if (isEditedByHand(f)) return { ...f, convert: { ...f.convert, choices: next, written: f.convert?.written ?? '' } };
      return writeConvert(f, next);
    });
  }
  /** A range field's text reads as a time or not: the run waits for one that does not (form-checks.ts). */
  const markTime = (which: 'start' | 'end', isTime: boolean) =>
    setForm((f) => {
      const bad = (f.convert?.badTimes ?? []).filter((w) => w !== which);
      const badTimes = isTime ? bad : [...bad, which];
      if (!f.convert || badTimes.length === (f.convert.badTimes?.length ?? 0)) return f;
      return { ...f, convert: { ...f.convert, badTimes } };
    });
  // A file without sound has no loudness to measure (the service answered 409, and the hint said it could not).
  const measure = useLoudnessMeasure(choices, form.inputMode === 'files' && !silent ? form.inputs[0]?.media?.file_id : undefined, choose);
  const pickContainer = (container: ConvertChoices['container']) => {
    const fits = codecsFor(container, hw?.working ?? []);
    // A GIF's frame rate is its own default ("Default (12 fps)"), not a choice: it must not stay on an MP4 picked next.
    const gifDefaults = container === 'gif' && choices.container !== 'gif' ? { height: choices.height || 480 } : {};
    choose({ container, videoCodec: fits.includes(choices.videoCodec) ? choices.videoCodec : (fits[0] ?? choices.videoCodec), ...gifDefaults });
  };

  return (
    <ConvertFrame
      intro={
        clips > 1 ? (
          <span data-testid="convert-each-intro">
            {clips} clips: each is converted in its own job, named after it. The size and the preview are of the first.
          </span>
        ) : (
          'Choose a format and quality; the command below is written for you.'
        )
      }
    >
      <ConvertSource form={form} clips={clips} onOpen={onOpenFile} />
      <div className="row-wrap" role="group" aria-label="Start from">
        <span className="small muted">Start from:</span>
        {/* Pressed while the panel shows it as it is, as HandBrake shows the preset in use. */}
        {CONVERT_PRESETS.map((p) => {
          // As the format cards say it: a video target for a sound, a sound target for a silent clip (they changed nothing, silently).
          const targetKind = CONTAINERS[p.choices.container ?? 'mp4'].kind;
          const misfit = soundOnly && targetKind !== 'audio' ? 'no picture here' : silent && targetKind === 'audio' ? 'no sound here' : null;
          return (
            <Button
              key={p.id}
              size="small"
              variant="ghost"
              className="convert-start"
              aria-pressed={isStartingPoint(choices, p.choices)}
              aria-disabled={misfit !== null || undefined}
              onClick={() => misfit === null && chooseAll(startFrom(choices, p.choices))}
            >
              {p.title}
              {misfit && <span className="muted"> ({misfit})</span>}
            </Button>
          );
        })}
        <PresetPicker
          onOpen={(preset) => {
            setForm((f) => openPreset(f, preset));
            focusConvertPanel('input, select');
          }}
        />
      </div>
      {byHand && (
        <div className="notice notice-info row-wrap" data-testid="convert-by-hand">
          <span>
            <strong>Edited by hand.</strong> The panel no longer writes the command, so your text stays as it is.
          </span>
          <Button
            size="small"
            onClick={() => {
              setForm((f) => writeConvert(f, choicesOf(f)));
              focusConvertPanel();
            }}
          >
            Let the panel write the command
          </Button>
        </div>
      )}
      <fieldset className="convert-fieldset">
        <legend className="field-label">Format</legend>
        {/* One Tab stop for the eight cards (the chosen one); the arrow keys move between them, Enter or Space picks. */}
        <div className="convert-formats" onKeyDown={moveBetweenCards}>
          {CONTAINER_ORDER.map((c) => {
            // A file with no picture cannot become a video or a GIF, nor one with no sound a sound file (writeConvert keeps it to what fits): said on the card.
            const isPictureless = soundOnly && CONTAINERS[c].kind !== 'audio';
            const isSoundless = silent && CONTAINERS[c].kind === 'audio';
            const refusal = isPictureless ? 'this file has no picture' : isSoundless ? 'this file has no sound' : null;
            return (
              <button
                key={c}
                type="button"
                className="convert-format"
                aria-pressed={choices.container === c}
                aria-disabled={refusal !== null || undefined}
                tabIndex={choices.container === c ? 0 : -1}
                onClick={() => refusal === null && pickContainer(c)}
              >
                <strong>{CONTAINERS[c].label}</strong>
                <span className="small muted">{refusal ?? CONTAINERS[c].hint}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <ConvertRange choices={choices} duration={source.duration} choose={choose} markTime={markTime} />
      <div className="convert-grid">
        {kind === 'video' && (
          <Field label="Video codec">
            {(p) => (
              <>
                <select {...p} className="select" value={choices.videoCodec} onChange={(e) => choose({ videoCodec: e.target.value })}>
                  {codecs.map((c) => (
                    <option key={c} value={c}>
                      {codecLabel(c)}
                    </option>
                  ))}
                </select>
              </>
            )}
          </Field>
        )}
        {choices.videoCodec !== 'copy' || kind !== 'video' ? (
          <Field label="Quality">
            {(p) => (
              <>
                <input
                  {...p}
                  type="range"
                  min={0}
                  max={100}
                  step={5}
                  value={choices.quality}
                  aria-valuetext={`${choices.quality}: ${qualityWords(choices.quality)}`}
                  onChange={(e) => choose({ quality: Number(e.target.value) })}
                />
                <span className="row small muted" aria-hidden="true">
                  <span>Smaller file</span>
                  <span className="spacer" />
                  <span>Better quality</span>
                </span>
                <span className="small" data-testid="quality-words">
                  {qualityWords(choices.quality)}
                </span>
              </>
            )}
          </Field>
        ) : null}
        <div className="field" data-testid="size-estimate">
          <span className="field-label">Estimated size</span>
          {estimate ? (
            <span>
              ≈ <strong>{formatBytes(estimate.bytes)}</strong>{' '}
              <span className="muted small">
                ({(estimate.kbps / 1000).toFixed(1)} Mbit/s{estimate.width ? `, ${estimate.width}×${estimate.height}` : ''})
              </span>
            </span>
          ) : (
            <span className="muted small">Open a file to see it (it needs the file's length).</span>
          )}
        </div>
      </div>
      {kind !== 'audio' && (
        <ConvertPicture choices={choices} source={source} sourceUrl={form.inputMode === 'files' ? form.inputs[0]?.url : undefined} choose={choose} />
      )}
      {kind !== 'gif' && <ConvertAudio choices={choices} choose={choose} measure={measure} />}
      {notes.length > 0 && (
        <ul className="small convert-notes" data-testid="convert-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {kind === 'video' && (
        <SplitOffer plan={split} checked={form.segmentSeconds !== undefined} onChange={(n) => setForm((f) => ({ ...f, segmentSeconds: n ?? undefined }))} />
      )}
      <ConvertPreview form={form} />
    </ConvertFrame>
  );
}
