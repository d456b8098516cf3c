import { folderOf, rememberOpenedFolder } from './local-path';
import { loadEntry, saveEntry } from './recent-entries';

/**
 * The folder a clip was opened from, per stored file (docs/gui.md, "Open from disk"): Save to
 * and C offer it first, as LosslessCut writes its cuts beside the source. Known only for a file
 * opened by its path (the service's file picker, or a file dropped on the desktop app); a file
 * dropped on a browser has no path the page can see.
 */
const PREFIX = 'ffdesk.source-folder.v1:';
const MAX = 200;

/** The folder of `path`, a file just opened, kept for the file and as where pickers start (lib/local-path.ts). */
export function rememberSourceFolder(fileId: string, path: string): void {
  saveEntry(PREFIX, fileId, { folder: folderOf(path) }, MAX);
  rememberOpenedFolder(path);
}

export function sourceFolderOf(fileId: string): string | null {
  return loadEntry(PREFIX, fileId, parseSourceFolder);
}

/** Checked like any stored entry (storage is shared by the service's origin): JSON holding an absolute path. */
export function parseSourceFolder(text: string | null): string | null {
  let value: { folder?: unknown };
  try {
    value = JSON.parse(text ?? 'null') as { folder?: unknown };
  } catch {
    return null;
  }
  const folder = value?.folder;
  return typeof folder === 'string' && (folder.startsWith('/') || /^[A-Za-z]:[\\/]/.test(folder)) ? folder : null;
}
