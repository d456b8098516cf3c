import { Field } from '../../ui/Field';
import { AS_SOURCE, QUALITIES, encodeFieldsOf, shortSideOf, sizeChoices, type EncodeChoices, type PictureSize, type Quality } from './encode-options';
import type { EditMode } from './clip-api';

const GIF_RATES = [24, 15, 12, 10, 8, 5];

interface Props {
  choices: EncodeChoices;
  choose(patch: Partial<EncodeChoices>): void;
  mode: EditMode;
  filename: string;
  /** The picture as shown; null while unknown. */
  source: PictureSize | null;
  /** The source's frames a second, for "as the source". */
  fps: number;
}

/**
 * Size, quality and a GIF's frame rate, where the export encodes the picture (a re-encode, a GIF,
 * a still): as HandBrake's resolution limit and quality, in an editor's words (docs/cutting.md,
 * "Size and quality"). Nothing shows for a smart or lossless video cut: it keeps the source's frames.
 */
export function EncodeFields({ choices, choose, mode, filename, source, fps }: Props) {
  const fields = encodeFieldsOf(mode, filename);
  if (!fields.size && !fields.quality && !fields.frameRate) return null;
  const shortSide = shortSideOf(choices, filename, source);
  const sizes = sizeChoices(source);
  // A GIF's rate at or above the source's keeps the source's (the service does the same).
  const gifFps = choices.gifFps !== null && choices.gifFps < fps ? choices.gifFps : 0;
  const sourceLabel = source ? `As the source — ${source.width} × ${source.height}` : 'As the source';
  return (
    <div className="row-wrap clip-encode" role="group" aria-label="How the picture is encoded">
      {fields.size && (
        <Field label="Size (R switches)">
          {(p) => (
            <select
              {...p}
              aria-keyshortcuts="R"
              className="select"
              value={shortSide ?? AS_SOURCE}
              onChange={(e) => choose({ shortSide: Number(e.target.value) })}
              data-testid="encode-size"
            >
              <option value={AS_SOURCE}>{sourceLabel}</option>
              {sizes.map((s) => (
                <option key={s.shortSide} value={s.shortSide}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {fields.quality && (
        <Field label="Quality (Q switches)">
          {(p) => (
            <select
              {...p}
              aria-keyshortcuts="Q"
              className="select"
              value={choices.quality}
              onChange={(e) => choose({ quality: e.target.value as Quality })}
              data-testid="encode-quality"
            >
              {QUALITIES.map((q) => (
                <option key={q.quality} value={q.quality}>
                  {q.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {fields.frameRate && (
        <Field label="GIF frame rate">
          {(p) => (
            <select {...p} className="select" value={gifFps} onChange={(e) => choose({ gifFps: Number(e.target.value) || null })} data-testid="encode-gif-fps">
              <option value={0}>As the source — {Math.round(fps * 100) / 100} fps</option>
              {GIF_RATES.filter((r) => r < fps).map((r) => (
                <option key={r} value={r}>
                  {r} fps
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </div>
  );
}
