import { useEffect, useRef, useState } from 'react';
import { Field } from '../../ui/Field';
import { rangeOf, type ConvertChoices } from './convert-args';
import { convertedSeconds } from './convert-estimate';
import { formatTime, parseTime } from '../../lib/time-text';

interface Props {
  choices: ConvertChoices;
  /** The source's length, where known: the range is said within it. */
  duration?: number;
  choose(patch: Partial<ConvertChoices>): void;
  /** Whether a field's text reads as a time; one that does not holds the run (form-checks.ts). */
  markTime(which: 'start' | 'end', isTime: boolean): void;
}

/**
 * "Part of the file", as HandBrake's range: from and to, in seconds or m:ss. A GIF of three
 * seconds of a minute's clip needed the Cut screen before; the whole file stays the default.
 */
export function ConvertRange({ choices, duration, choose, markTime }: Props) {
  const { start, length } = rangeOf(choices);
  const backwards = choices.end !== undefined && choices.end !== null && choices.end <= start;
  const summary = backwards
    ? 'To must come after From.'
    : start === 0 && length === null
      ? 'The whole file.'
      : `${formatTime(start)} to ${length === null ? 'the end' : formatTime(start + length)}${duration ? `: ${convertedSeconds(choices, duration).toFixed(1)} s` : ''}.`;
  return (
    <fieldset className="convert-fieldset">
      <legend className="field-label">Part of the file</legend>
      <div className="convert-grid">
        <TimeField
          label="From"
          name="convert.start"
          placeholder="the start"
          value={choices.start ?? null}
          onChange={(start) => choose({ start })}
          onTime={(ok) => markTime('start', ok)}
        />
        <TimeField
          label="To"
          name="convert.end"
          placeholder="the end"
          value={choices.end ?? null}
          onChange={(end) => choose({ end })}
          onTime={(ok) => markTime('end', ok)}
        />
        <div className="field">
          <span className="field-label">Converted</span>
          <span className="small" data-testid="convert-range">
            {summary}
          </span>
        </div>
      </div>
    </fieldset>
  );
}

/**
 * A time typed as text; chosen once it reads as one (the field keeps what is typed meanwhile). A
 * value changed from elsewhere (Clear, a preset, Edit as new) replaces the text: after Clear the
 * fields kept showing 0:05 and 0:12 while the panel said "The whole file".
 */
function TimeField({
  label,
  name,
  placeholder,
  value,
  onChange,
  onTime,
}: {
  label: string;
  name: string;
  placeholder: string;
  value: number | null;
  onChange(v: number | null): void;
  onTime(isTime: boolean): void;
}) {
  const shown = (v: number | null) => (v === null ? '' : formatTime(v));
  const [text, setText] = useState(shown(value));
  const [known, setKnown] = useState(value);
  const parsed = parseTime(text);
  if (value !== known) {
    setKnown(value);
    if (parsed !== value) setText(shown(value));
  }
  // Told as the text changes, typed or replaced (Clear, another clip): before, "abc" was marked here and the job ran from 0.
  const isTime = parsed !== 'invalid';
  const report = useRef(onTime);
  report.current = onTime;
  useEffect(() => report.current(isTime), [isTime, report]);
  return (
    <Field label={label} name={name} hint="seconds, or m:ss" error={isTime ? undefined : 'Write seconds (75) or minutes and seconds (1:15)'}>
      {(p) => (
        <input
          {...p}
          className="input"
          inputMode="decimal"
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const next = parseTime(e.target.value);
            if (next !== 'invalid') onChange(next);
          }}
        />
      )}
    </Field>
  );
}
