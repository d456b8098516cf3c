import { useEffect, useRef, useState } from 'react';
import type { CommandEditorHandle } from './codemirror-editor';
import { lintCommand } from '../../../../src-service/ffmpeg-args/command-lint';
import { useCommandVocab } from './use-command-vocab';

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
  const latest = useRef({ value, aliases, onChange, vocab: null as ReturnType<typeof useCommandVocab> });
  const [isReady, setReady] = useState(false);
  const vocab = useCommandVocab();
  latest.current = { value, aliases, onChange, vocab };

  useEffect(() => {
    let cancelled = false;
    void import('./codemirror-editor').then(({ mountCommandEditor }) => {
      if (cancelled || !host.current) return;
      const { value: doc, aliases: initial } = latest.current;
      handle.current = mountCommandEditor(host.current, { doc, aliases: initial, label, onChange: (t) => latest.current.onChange(t) });
      handle.current.setVocab(latest.current.vocab);
      setReady(true);
    });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [label]);

  useEffect(() => handle.current?.setDoc(value), [value]);
  useEffect(() => handle.current?.setVocab(vocab), [vocab, isReady]);
  const lint = vocab ? lintCommand(value, vocab) : [];
  const aliasKey = aliases.join(',');
  useEffect(() => handle.current?.setAliases(aliasKey ? aliasKey.split(',') : []), [aliasKey]);

  return (
    <div className="command-editor" data-testid="command-editor" aria-describedby={describedBy}>
      <div ref={host} />
      {!isReady && <textarea className="textarea mono" rows={3} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />}
      {lint.length > 0 && (
        <ul className="small command-lint" data-testid="command-lint" aria-live="polite" style={{ color: 'var(--danger)', margin: '4px 0 0', paddingLeft: 18 }}>
          {lint.map((i) => (
            <li key={`${i.from}-${i.kind}`}>{i.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
