import { Button } from '../../ui/Button';
import { CommandEditor } from './CommandEditor';
import type { JobForm } from './form';

interface Props {
  form: JobForm;
  aliases: string[];
  errors: Map<string, string[]>;
  setForm(update: (f: JobForm) => JobForm): void;
}

/** One command, or the ordered steps of a chained request (docs/api.md §4.2). */
export function StepsEditor({ form, aliases, errors, setForm }: Props) {
  const setStep = (i: number, text: string) => setForm((f) => ({ ...f, steps: f.steps.map((s, j) => (j === i ? text : s)) }));
  const move = (i: number, by: number) =>
    setForm((f) => {
      const steps = [...f.steps];
      const [step] = steps.splice(i, 1);
      steps.splice(i + by, 0, step ?? '');
      return { ...f, steps };
    });
  const remove = (i: number) => setForm((f) => ({ ...f, steps: f.steps.filter((_, j) => j !== i) }));

  return (
    <div className="stack">
      {form.steps.map((step, i) => {
        const key = form.isChained ? `ffmpeg_commands.${i}` : 'ffmpeg_command';
        const messages = errors.get(key) ?? [];
        return (
          <div className="stack" key={`${form.isChained}-${i}`} data-field={key}>
            {form.isChained && (
              <div className="row">
                <strong className="small">Step {i + 1}</strong>
                <span className="spacer" />
                <Button size="small" variant="ghost" aria-label={`Move step ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                  ↑
                </Button>
                <Button size="small" variant="ghost" aria-label={`Move step ${i + 1} down`} disabled={i === form.steps.length - 1} onClick={() => move(i, 1)}>
                  ↓
                </Button>
                <Button size="small" variant="ghost" aria-label={`Remove step ${i + 1}`} disabled={form.steps.length === 1} onClick={() => remove(i)}>
                  ✕
                </Button>
              </div>
            )}
            <CommandEditor
              value={step}
              aliases={aliases}
              label={form.isChained ? `Command, step ${i + 1}` : 'FFmpeg command'}
              onChange={(t) => setStep(i, t)}
            />
            {messages.map((m) => (
              <span key={m} className="field-error" role="alert">
                {m}
              </span>
            ))}
          </div>
        );
      })}
      {form.isChained && form.steps.length < 10 && (
        <div>
          <Button size="small" onClick={() => setForm((f) => ({ ...f, steps: [...f.steps, ''] }))}>
            Add step
          </Button>
        </div>
      )}
      {(errors.get('ffmpeg_commands') ?? []).map((m) => (
        <span key={m} className="field-error">
          {m}
        </span>
      ))}
    </div>
  );
}
