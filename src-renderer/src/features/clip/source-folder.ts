import { loadEntry, saveEntry } from './recent-entries';

/**
 * The folder a clip was opened from, per stored file (docs/gui.md, "Open from disk"): Save to
 * and C offer it first, as LosslessCut writes its cuts beside the source. Known only for a file
 * opened by its path (the service's file picker, or a file dropped on the desktop app); a file
 * dropped on a browser has no path the page can see.
 */
const PREFIX = 'ffdesk.source-folder.v1:';
const MAX = 200;

const LAST_KEY = 'ffdesk.open-folder.v1';

export function rememberSourceFolder(fileId: string, folder: string): void {
  saveEntry(PREFIX, fileId, { folder }, MAX);
  try {
    localStorage.setItem(LAST_KEY, folder);
  } catch {
    // storage full or disabled
  }
}

/** Where "Open from disk" starts: the folder a file was last opened from (the picker falls back to home where it cannot list it). */
export function lastOpenedFolder(): string | null {
  try {
    return localStorage.getItem(LAST_KEY);
  } catch {
    return null;
  }
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

/** The folder part of a path, either separator ("/home/me/Videos/rec.mkv" → "/home/me/Videos"). */
export function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : path.slice(0, cut + 1);
}
