import { Field } from '../../ui/Field';
import type { ConvertChoices } from './convert-args';
import { CONTAINERS, LOUDNESS_TARGETS } from './convert-formats';
import { NumberField } from './ConvertPicture';

interface Props {
  choices: ConvertChoices;
  choose(patch: Partial<ConvertChoices>): void;
}

/** Which audio track, mute, and loudness normalisation to a LUFS target. */
export function ConvertAudio({ choices, choose }: Props) {
  const isAudioOnly = CONTAINERS[choices.container].kind === 'audio';
  return (
    <fieldset className="convert-fieldset">
      <legend className="field-label">Sound</legend>
      <div className="convert-grid">
        <NumberField label="Audio track" value={choices.audioTrack} min={1} max={64} onChange={(audioTrack) => choose({ audioTrack })} />
        {!isAudioOnly && (
          <div className="field">
            <span className="field-label">Mute</span>
            <label className="checkbox">
              <input type="checkbox" checked={choices.mute} onChange={(e) => choose({ mute: e.target.checked })} />
              No sound in the output
            </label>
          </div>
        )}
        <Field label="Loudness">
          {(p) => (
            <>
              <select
                {...p}
                className="select"
                value={choices.loudness ?? ''}
                disabled={choices.mute}
                onChange={(e) => choose({ loudness: e.target.value === '' ? null : Number(e.target.value) })}
              >
                <option value="">As recorded</option>
                {LOUDNESS_TARGETS.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              {choices.loudness !== null && (
                <span className="field-hint">
                  One pass (EBU R128 loudnorm): the chained steps cannot carry a first pass’s measurements into a second, so the level is adjusted as the sound
                  plays; within about 1 LU of the target.
                </span>
              )}
            </>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
