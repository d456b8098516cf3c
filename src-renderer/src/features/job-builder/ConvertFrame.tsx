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

/**
 * Puts the keyboard in the convert panel, on its first control (of `controls`: a preset's first
 * value is its first field): after a file is chosen, a template
 * or a preset opened or closed, or the panel asked to write the command again, the control that had
 * the focus is gone, and the focus fell to the page (Tab started again from the sidebar).
 */
export function focusConvertPanel(controls = 'input, select, button'): void {
  const first = (which: string) =>
    document.querySelector<HTMLElement>(`[data-testid="convert-panel"] :is(${which}):not([data-convert-skip], [aria-disabled='true'])`);
  requestAnimationFrame(() => (first(controls) ?? first('input, select, button'))?.focus());
}
