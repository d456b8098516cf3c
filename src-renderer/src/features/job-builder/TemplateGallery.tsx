import { Button } from '../../ui/Button';
import { TEMPLATES, type Template } from './templates';
import { encodesWithX264, encodingNote, gpuVariant, pickGpuEncoder } from './gpu-variant';
import { useHardwareEncoders } from './use-hardware-encoders';

/** Working examples that fill the form; samples are used when they are stored. */
export function TemplateGallery({ sampleNames, onUse }: { sampleNames: Set<string>; onUse(t: Template): void }) {
  const hw = useHardwareEncoders();
  const gpu = pickGpuEncoder(hw?.working ?? []);
  const note = encodingNote(TEMPLATES, gpu, hw?.state ?? 'unknown');
  return (
    <section aria-labelledby="templates-title" className="stack">
      <div className="row">
        <h2 id="templates-title" style={{ fontSize: 'var(--text-l)' }}>
          Start from a template
        </h2>
        <span className="small muted">Each one runs offline on the sample media.</span>
      </div>
      {note && (
        <p className="small muted" data-testid="encoding-note">
          {note}
        </p>
      )}
      <ul className="template-grid" role="list">
        {TEMPLATES.map((t) => {
          const needed = [...t.inputs.map((i) => i.sample), ...(t.zipSample ? [t.zipSample] : [])];
          const hasSamples = needed.every((n) => sampleNames.has(n));
          return (
            <li key={t.id} className="template-card">
              <span className="template-icon" aria-hidden="true">
                {t.icon}
              </span>
              <div className="stack" style={{ gap: 2, flex: 1, minWidth: 0 }}>
                <strong>{t.title}</strong>
                <span className="small muted">{t.description}</span>
              </div>
              {gpu && encodesWithX264(t) && (
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => onUse(gpuVariant(t, gpu))}
                  aria-label={`Use template with GPU encoder ${gpu}: ${t.title}`}
                  title={`Encodes H.264 with ${gpu}, which worked in a test encode on this machine`}
                >
                  GPU
                </Button>
              )}
              <Button
                size="small"
                onClick={() => onUse(t)}
                aria-label={`Use template: ${t.title}`}
                title={hasSamples ? 'Fills the form with the stored samples' : 'Samples not stored yet: you will pick the inputs'}
              >
                Use
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
