import { useState } from 'react';
import type { ClipApi, SaveToResponse } from './clip-api';
import { rememberedValue, rememberValue } from './recent-entries';

/**
 * Saving a finished job's outputs into a folder of the user's (POST /v1/commands/{id}/save-to:
 * never over an existing file, the service numbers the name), shared by the Save to panel and
 * the frame capture line. The last folder saved to, and the panel's pattern, are kept across
 * exports and reloads (an editor saves a session's cuts to one place, as LosslessCut keeps its
 * output folder), so both offer "Save to <that folder>"; a clip opened from disk offers its own
 * folder first. The service checks the folder each time.
 */
const FOLDER_KEY = 'ffdesk.save-to-folder.v1';
const PATTERN_KEY = 'ffdesk.save-to-pattern.v1';

export const rememberedPattern = (): string | null => rememberedValue(PATTERN_KEY);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function useSaveTo(api: ClipApi, commandId: string, opts: { pattern: string; keepPattern: boolean; sourceFolder?: string | null; openPicker(): void }) {
  // The clip's own folder when it was opened from disk (source-folder.ts), else the folder saved to last.
  const [folder, setFolder] = useState<string | null>(() => opts.sourceFolder ?? rememberedValue(FOLDER_KEY));
  const [saved, setSaved] = useState<SaveToResponse['saved']>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (to: string) => {
    setFolder(to);
    setError(null);
    setBusy(true);
    try {
      setSaved((await api.saveTo(commandId, to, opts.pattern)).saved);
      rememberValue(FOLDER_KEY, to);
      if (opts.keepPattern) rememberValue(PATTERN_KEY, opts.pattern);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  // Electron: the native dialog and shell; web mode: the service's folder picker and file manager (local account on loopback only).
  const desktop = window.ffdesk;
  const reveal = (path: string) => (desktop?.showInFolder ? desktop.showInFolder(path) : api.reveal(path)).catch((err: unknown) => setError(messageOf(err)));
  const choose = () => {
    if (!desktop?.pickFolder) return opts.openPicker();
    desktop.pickFolder(folder ?? undefined).then(
      (picked) => void (picked && save(picked)),
      (err: unknown) => setError(messageOf(err)),
    );
  };
  return { folder, saved, error, busy, save, reveal, choose };
}
