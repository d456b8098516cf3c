import { useEffect } from 'react';
import { isTypingTarget } from '../lib/typing-target';
import { KeyRows, KeysDialog } from '../ui/KeysDialog';
import { screenKeyLabel, SCREENS } from './screen-keys';

const isHelpKey = (e: KeyboardEvent) => e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey;

/**
 * `?` on any screen: the keys that work everywhere and where the others are (docs/gui.md, "Keys").
 * The Cut screen with a clip open has its own list: its handler, registered later on the window,
 * runs after this one, so this one looks once the key has gone round every listener.
 */
export function useHelpKey(onHelp: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isHelpKey(e) || isTypingTarget(e.target) || document.querySelector('dialog[open]')) return;
      setTimeout(() => {
        if (!e.defaultPrevented && !document.querySelector('dialog[open]')) onHelp();
      }, 0);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onHelp]);
}

const KEYS: { keys: string; does: string }[] = [
  ...SCREENS.map((s) => ({ keys: screenKeyLabel(s.name), does: `Go to ${s.label}` })),
  { keys: 'Ctrl+O', does: 'Open a file: on New job to convert it, on Cut to cut it' },
  { keys: 'Ctrl+Enter', does: 'Run the job (New job)' },
  { keys: '↑ ↓ Home End', does: 'Jobs: the next, previous, first or last job (the list is one Tab stop)' },
  { keys: '↑ ↓ Space Esc', does: 'Files: the next or previous file in the panel, select it, close the panel' },
  { keys: '?', does: 'These keys; on Cut with a clip open, every key of the clip view' },
];

export function KeysHelp({ onClose }: { onClose(): void }) {
  return (
    <KeysDialog title="Keys" onClose={onClose}>
      <KeyRows rows={KEYS} />
      <p className="small muted">⌘ in place of Ctrl on a Mac.</p>
    </KeysDialog>
  );
}
