import { ConvertFrame, focusConvertPanel } from './ConvertFrame';
import { useEffect } from 'react';
import { Button } from '../../ui/Button';
import { ParameterFields } from '../../ui/ParameterFields';
import type { JobForm } from './form';
import { isPresetEditedByHand, writePreset } from './preset-form';
import './convert.css';

/**
 * The convert panel with a preset open (built-in or saved): the preset's parameters as
 * fields, writing its command and output names into the builder as values change. Edited
 * by hand, the command is left alone until the preset is asked to write it again.
 */
export function PresetPanel({ form, setForm }: { form: JobForm; setForm(update: (f: JobForm) => JobForm): void }) {
  const preset = form.preset!;
  const byHand = isPresetEditedByHand(form);
  const first = form.inputMode === 'files' ? form.inputs[0] : undefined;
  const inputName = first?.fileName ?? first?.url ?? form.zipUrl;

  // Output names may hold {name}: written again when another input is chosen.
  useEffect(() => {
    setForm((f) => (f.preset && !isPresetEditedByHand(f) ? writePreset(f, f.preset, f.preset.values) : f));
  }, [inputName, setForm]);

  const setValues = (values: Record<string, string>) =>
    setForm((f) => {
      if (!f.preset) return f;
      return isPresetEditedByHand(f) ? { ...f, preset: { ...f.preset, values } } : writePreset(f, f.preset, values);
    });

  return (
    <ConvertFrame
      intro={
        <>
          With the preset <strong data-testid="open-preset">{preset.title ?? preset.name}</strong> ({preset.builtin ? 'built-in' : `version ${preset.version}`}
          ): set its values; the command below is written for you.
        </>
      }
      action={
        <Button
          size="small"
          variant="ghost"
          onClick={() => {
            setForm((f) => ({ ...f, preset: undefined }));
            focusConvertPanel();
          }}
        >
          Close preset
        </Button>
      }
    >
      {byHand && (
        <div className="notice notice-info row-wrap" data-testid="convert-by-hand">
          <span>
            <strong>Edited by hand.</strong> The preset no longer writes the command, so your text stays as it is.
          </span>
          <Button
            size="small"
            onClick={() => {
              setForm((f) => (f.preset ? writePreset(f, f.preset, f.preset.values) : f));
              focusConvertPanel();
            }}
          >
            Let the preset write the command
          </Button>
        </div>
      )}
      <ParameterFields parameters={preset.parameters} values={preset.values} onChange={setValues} />
    </ConvertFrame>
  );
}
