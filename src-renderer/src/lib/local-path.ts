/** File names from paths of the user's disk (Open from disk), either separator, and from URLs; and the folder pickers start in. */
import { rememberedValue, rememberValue } from './recent-entries';

const lastSeparator = (path: string) => Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));

/** The folder part: "/home/me/Videos/rec.mkv" → "/home/me/Videos" ("/rec.mkv" → "/"). */
export function folderOf(path: string): string {
  const cut = lastSeparator(path);
  return cut > 0 ? path.slice(0, cut) : path.slice(0, cut + 1);
}

/** The file's own name: "/home/me/Videos/rec.mkv" → "rec.mkv". */
export const baseNameOf = (path: string): string => path.slice(lastSeparator(path) + 1);

/** A URL's last path segment, decoded: the file name a stored file's URL carries ('' for no URL). */
export function fileNameOfUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
  } catch {
    return '';
  }
}

const OPENED_FOLDER_KEY = 'ffdesk.open-folder.v1';

/**
 * Where a picker of the disk's files starts: the folder a file was last opened from, by the Cut
 * screen's Ctrl+O or New job's (the picker falls back to home where it cannot list it). New job's
 * started at home every time, so each clip took the folder's name and Enter again.
 */
export const lastOpenedFolder = (): string | null => rememberedValue(OPENED_FOLDER_KEY);

export const rememberOpenedFolder = (path: string): void => rememberValue(OPENED_FOLDER_KEY, folderOf(path));
