import { useEffect, useRef, useState } from 'react';
import type { CommandEditorHandle } from './codemirror-editor';

interface Props {
  value: string;
  aliases: string[];
  label: string;
  onChange(text: string): void;
  describedBy?: string;
}

/**
 * CodeMirror is imported on first use (keeps the first render lean); until it is
 * there, a plain textarea does the same job.
 */
export function CommandEditor({ value, aliases, label, onChange, describedBy }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<CommandEditorHandle | null>(null);
  const latest = useRef({ value, aliases, onChange });
  latest.current = { value, aliases, onChange };
  const [isReady, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void import('./codemirror-editor').then(({ mountCommandEditor }) => {
      if (cancelled || !host.current) return;
      const { value: doc, aliases: initial } = latest.current;
      handle.current = mountCommandEditor(host.current, { doc, aliases: initial, label, onChange: (t) => latest.current.onChange(t) });
      setReady(true);
    });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [label]);

  useEffect(() => handle.current?.setDoc(value), [value]);
  const aliasKey = aliases.join(',');
  useEffect(() => handle.current?.setAliases(aliasKey ? aliasKey.split(',') : []), [aliasKey]);

  return (
    <div className="command-editor" data-testid="command-editor" aria-describedby={describedBy}>
      <div ref={host} />
      {!isReady && <textarea className="textarea mono" rows={3} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />}
    </div>
  );
}
