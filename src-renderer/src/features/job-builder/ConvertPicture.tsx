import { Field } from '../../ui/Field';
import { useState } from 'react';
import { scaleTarget, type ConvertChoices, type Crop } from './convert-args';
import type { SourceFacts } from './convert-estimate';
import { HEIGHTS } from './convert-formats';
import { CropDrawer } from './CropDrawer';

interface Props {
  choices: ConvertChoices;
  source: SourceFacts;
  /** The first input's URL, for drawing the crop on its picture. */
  sourceUrl?: string;
  choose(patch: Partial<ConvertChoices>): void;
}

const FRAME_RATES = [0, 12, 15, 24, 25, 30, 50, 60];
const ROTATIONS: { value: ConvertChoices['rotate']; label: string }[] = [
  { value: 0, label: 'No rotation' },
  { value: 90, label: '90° clockwise' },
  { value: 180, label: '180°' },
  { value: 270, label: '90° counter-clockwise' },
];

/** Resolution (aspect kept), crop, rotation, flips, frame rate and subtitles. */
export function ConvertPicture({ choices, source, sourceUrl, choose }: Props) {
  const isPreset = HEIGHTS.some((h) => h.value === choices.height);
  const [isCustom, setCustom] = useState(!isPreset);
  const noSubtitles = source.subtitleTracks === 0;
  // Never enlarged (scaleTarget): said where the resolution chosen is not below the picture's own.
  const kept = choices.height > 0 && scaleTarget(choices, source) === 0 ? (choices.crop ?? source) : null;
  return (
    <fieldset className="convert-fieldset">
      <legend className="field-label">Picture</legend>
      <div className="convert-grid">
        <Field label="Resolution" hint={kept ? `${kept.width} × ${kept.height} is kept: never enlarged` : undefined}>
          {(p) => (
            <>
              <select
                {...p}
                className="select"
                value={isCustom ? 'custom' : String(choices.height)}
                onChange={(e) => {
                  const custom = e.target.value === 'custom';
                  setCustom(custom);
                  if (!custom) choose({ height: Number(e.target.value) });
                }}
              >
                {HEIGHTS.map((h) => (
                  <option key={h.value} value={h.value}>
                    {h.label}
                  </option>
                ))}
                <option value="custom">Custom height…</option>
              </select>
            </>
          )}
        </Field>
        {isCustom && (
          <NumberField label="Height (pixels)" value={choices.height} min={16} max={8640} onChange={(height) => choose({ height: height - (height % 2) })} />
        )}
        <Field label="Frame rate">
          {(p) => (
            <>
              <select {...p} className="select" value={choices.fps} onChange={(e) => choose({ fps: Number(e.target.value) })}>
                {FRAME_RATES.map((r) => (
                  <option key={r} value={r}>
                    {r === 0 ? (choices.container === 'gif' ? 'Default (12 fps)' : 'Same as source') : `${r} fps`}
                  </option>
                ))}
              </select>
            </>
          )}
        </Field>
        <Field label="Rotate">
          {(p) => (
            <>
              <select {...p} className="select" value={choices.rotate} onChange={(e) => choose({ rotate: Number(e.target.value) as ConvertChoices['rotate'] })}>
                {ROTATIONS.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </select>
            </>
          )}
        </Field>
        <div className="field">
          <span className="field-label">Flip</span>
          <label className="checkbox">
            <input type="checkbox" checked={choices.flipH} onChange={(e) => choose({ flipH: e.target.checked })} />
            Mirror left–right
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={choices.flipV} onChange={(e) => choose({ flipV: e.target.checked })} />
            Upside down
          </label>
        </div>
        {choices.container !== 'gif' && (
          <Field label="Subtitles">
            {(p) => (
              <>
                <select
                  {...p}
                  className="select"
                  value={choices.subtitles}
                  onChange={(e) => choose({ subtitles: e.target.value as ConvertChoices['subtitles'] })}
                >
                  <option value="none">{noSubtitles ? 'None in this file' : 'Leave out'}</option>
                  <option value="burn" disabled={noSubtitles}>
                    Burn into the picture{noSubtitles ? ' (this file has none)' : ''}
                  </option>
                  <option value="keep" disabled={noSubtitles}>
                    Keep as a track{noSubtitles ? ' (this file has none)' : ''}
                  </option>
                </select>
              </>
            )}
          </Field>
        )}
      </div>
      <CropFields crop={choices.crop} source={source} sourceUrl={sourceUrl} onChange={(crop) => choose({ crop })} />
    </fieldset>
  );
}

function CropFields({ crop, source, sourceUrl, onChange }: { crop: Crop | null; source: SourceFacts; sourceUrl?: string; onChange(crop: Crop | null): void }) {
  const whole: Crop = { width: source.width ?? 1280, height: source.height ?? 720, x: 0, y: 0 };
  return (
    <div className="stack">
      <label className="checkbox">
        <input type="checkbox" checked={crop !== null} onChange={(e) => onChange(e.target.checked ? whole : null)} />
        Crop
      </label>
      {crop && (
        <div className="convert-grid" role="group" aria-label="Crop area in pixels">
          <NumberField label="Crop width" value={crop.width} min={2} onChange={(width) => onChange({ ...crop, width })} />
          <NumberField label="Crop height" value={crop.height} min={2} onChange={(height) => onChange({ ...crop, height })} />
          <NumberField label="From left" value={crop.x} min={0} onChange={(x) => onChange({ ...crop, x })} />
          <NumberField label="From top" value={crop.y} min={0} onChange={(y) => onChange({ ...crop, y })} />
        </div>
      )}
      {crop && sourceUrl && source.width && source.height ? (
        <>
          <span className="small muted">Drag on the picture to draw the crop; the fields above set the same numbers by keyboard.</span>
          <CropDrawer url={sourceUrl} width={source.width} height={source.height} crop={crop} onChange={onChange} />
        </>
      ) : null}
    </div>
  );
}

export function NumberField({ label, value, min, max, onChange }: { label: string; value: number; min?: number; max?: number; onChange(v: number): void }) {
  return (
    <Field label={label}>
      {(p) => (
        <>
          <input
            {...p}
            className="input"
            type="number"
            min={min}
            max={max}
            value={value}
            onChange={(e) => {
              const v = Math.round(Number(e.target.value));
              if (Number.isFinite(v) && (min === undefined || v >= min) && (max === undefined || v <= max)) onChange(v);
            }}
          />
        </>
      )}
    </Field>
  );
}
