import type { BinaryChoiceInfo, HardwareEncoders } from '../../../../src-service/client';

/** One binary: the chosen path, why, and every candidate considered. */
export function BinaryDetails({ name, choice }: { name: string; choice: BinaryChoiceInfo }) {
  return (
    <details>
      <summary>
        <span>{choice.version}</span> <span className="muted small">({choice.source})</span>
      </summary>
      <p className="small">Why: {choice.reason}</p>
      <table className="small" aria-label={`${name} candidates`}>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Version</th>
            <th scope="col">Path</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {choice.candidates.map((c) => (
            <tr key={`${c.source}-${c.path ?? ''}`} aria-current={c.chosen ? 'true' : undefined} style={c.chosen ? { fontWeight: 600 } : undefined}>
              <td>{c.source}</td>
              <td>{c.version ?? '—'}</td>
              <td>
                <code>{c.path ?? '—'}</code>
              </td>
              <td>{c.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Which hardware encoders completed a test encode here, and why the others did not. */
export function HardwareDetails({ hw }: { hw: HardwareEncoders | undefined }) {
  if (!hw) return <span className="muted">unknown</span>;
  if (hw.state === 'detecting') return <span className="muted">checking (a tiny test encode per encoder)…</span>;
  if (hw.tried.length === 0) return <span>this ffmpeg lists none; jobs use software encoders</span>;
  return (
    <details>
      <summary>{hw.working.length ? `${hw.working.join(', ')} work` : 'none works on this machine; templates use software encoders'}</summary>
      <ul className="small">
        {hw.tried.map((t) => (
          <li key={t.encoder}>
            <code>{t.encoder}</code>: {t.works ? 'works' : `fails — ${t.detail}`}
          </li>
        ))}
      </ul>
    </details>
  );
}
