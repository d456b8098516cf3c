import { Field } from '../../ui/Field';
import type { ConvertChoices } from './convert-args';
import { CONTAINERS, LOUDNESS_TARGETS } from './convert-formats';
import { NumberField } from './ConvertPicture';
import type { MeasureState } from './use-loudness-measure';

interface Props {
  choices: ConvertChoices;
  choose(patch: Partial<ConvertChoices>): void;
  measure: MeasureState;
}

/** What the loudness hint says: the first pass's state, in an editor's words. */
function passWords(measure: MeasureState): string {
  switch (measure.state) {
    case 'measured':
      return `Two passes (EBU R128): the track measured ${measure.measured.i.toFixed(1).replace('-', '−')} LUFS; the command applies one gain to reach the target.`;
    case 'measuring':
      return 'Measuring the track’s loudness for the second pass…';
    case 'failed':
      return `Could not measure the track (${measure.reason}): one pass, within about 1 LU of the target.`;
    default:
      return 'One pass until a stored input is chosen: the service measures a stored file first, then the command applies one gain.';
  }
}

/** Which audio track, mute, and loudness normalisation to a LUFS target. */
export function ConvertAudio({ choices, choose, measure }: Props) {
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
                <span className="field-hint" data-testid="loudness-passes">
                  {passWords(measure)}
                </span>
              )}
            </>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
