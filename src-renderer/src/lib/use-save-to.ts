import { useState } from 'react';
import type { SaveToResponse } from '../../../src-service/contract/file-facts.schema';
import type { LocalFoldersApi } from './local-folders-api';
import { loadEntry, rememberedValue, rememberValue, saveEntry } from './recent-entries';

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
/** Per folder clips come from: where their cuts were saved last (a `cuts/` beside them, say). */
const FROM_PREFIX = 'ffdesk.save-to-from.v1.';
const MAX_SOURCE_FOLDERS = 50;

const savedFrom = (source: string): string | null =>
  loadEntry(FROM_PREFIX, source, (text) => {
    const folder = text ? (JSON.parse(text) as { folder?: unknown }).folder : null;
    return typeof folder === 'string' && folder !== '' ? folder : null;
  });

export const rememberedPattern = (): string | null => rememberedValue(PATTERN_KEY);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function useSaveTo(
  api: Pick<LocalFoldersApi, 'saveTo' | 'reveal'>,
  commandId: string,
  opts: { pattern: string; keepPattern: boolean; sourceFolder?: string | null; openPicker(): void },
) {
  // A clip opened from disk: where cuts of its folder's clips were saved last, else its own folder
  // (source-folder.ts); any other clip: the folder saved to last. Each clip of a shoot saved to its
  // `cuts/` started in the clip's folder again, one folder short.
  const [folder, setFolder] = useState<string | null>(() =>
    opts.sourceFolder ? (savedFrom(opts.sourceFolder) ?? opts.sourceFolder) : rememberedValue(FOLDER_KEY),
  );
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
      if (opts.sourceFolder) saveEntry(FROM_PREFIX, opts.sourceFolder, { folder: to }, MAX_SOURCE_FOLDERS);
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
