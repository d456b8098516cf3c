import type { ReactNode } from 'react';

/** The convert panel's frame, shared by the format choices and a preset opened in the panel. */
export function ConvertFrame({ intro, action, children }: { intro: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="card stack convert-panel" aria-labelledby="convert-title" data-testid="convert-panel">
      <div className="row-wrap">
        <h2 id="convert-title" style={{ fontSize: 'var(--text-l)' }}>
          Convert
        </h2>
        <span className="small muted">{intro}</span>
        {action && (
          <>
            <span className="spacer" />
            {action}
          </>
        )}
      </div>
      {children}
    </section>
  );
}
