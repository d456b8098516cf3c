import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LocalFoldersResponse } from '../../../src-service/contract/file-facts.schema';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { formatBytes } from '../lib/format';
import { byTypedName } from '../lib/name-match';

export type ListFolders = (path?: string) => Promise<LocalFoldersResponse>;

interface Props {
  /** GET /v1/local/folders through the caller's client (with `files=media` to list files too). */
  listFolders: ListFolders;
  start?: string;
  /** The confirming button's words: "Save here", "Watch this folder"...; none when a file is what is picked. */
  pickLabel?: string;
  title?: string;
  onPick?(path: string): void;
  /** Files are listed (entries with a size): choosing one calls this (Open from disk). */
  onPickFile?(path: string): void;
  /** POST /v1/local/folders: "New folder…" makes one in the folder shown and goes into it (a save picker). */
  makeFolder?(parent: string, name: string): Promise<LocalFoldersResponse>;
  onClose(): void;
  /** A way to a file the picker cannot list (outside the home folder, or a service that lists none): the system's file chooser, its copy uploaded. */
  elsewhere?: { label: string; onChoose(): void };
}

/**
 * The web-mode folder picker: folders under the home folder, listed by the service (the
 * local account on a loopback service only; anyone else gets the service's 403 here).
 * Electron uses its native dialog instead (ui/FolderField.tsx). By keyboard: type part of a
 * name to narrow the list, ArrowDown into it, Enter opens a folder and comes back to the filter.
 */
export function FolderPicker({ listFolders, start, pickLabel, title = 'Choose a folder', onPick, onPickFile, makeFolder, onClose, elsewhere }: Props) {
  const [listing, setListing] = useState<LocalFoldersResponse | null>(null);
  const [newName, setNewName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Typing ahead: what is typed while a listing is on its way stays, and an Enter pressed then acts
  // once it is there (a fast typist's "walk-clip.mp4⏎" lost its first letters to the listing and
  // opened another file).
  const typed = useRef('');
  const loading = useRef(false);
  const enterQueued = useRef(false);
  /** The entries holding the typed text, the name typed whole first (lib/name-match.ts). */
  const matching = (l: LocalFoldersResponse | null, text: string) => byTypedName(l?.entries ?? [], text);
  /** Enter with nothing typed: the folder shown where there is one to pick ("Save here"), else the first entry, as the field's line says. */
  const opensFirst = (text: string) => text.trim() !== '' || !(pickLabel && onPick);
  const narrow = (text: string) => {
    typed.current = text;
    setFilter(text);
  };
  /**
   * A listing arrived: shown, and the keyboard back on the filter, unless it was taken to one of
   * the picker's own buttons meanwhile (Tab to "Upload from elsewhere…" while the first listing was
   * on its way: its arrival pulled the keys back, and Enter opened the first entry).
   */
  const show = (l: LocalFoldersResponse) => {
    setListing(l);
    setError(null);
    const active = document.activeElement;
    const filter = filterRef.current;
    const isOnOwnButton =
      active instanceof HTMLElement && active !== filter && !listRef.current?.contains(active) && active.closest('dialog') === filter?.closest('dialog');
    if (!isOnOwnButton) filter?.focus();
  };
  const open = (path?: string): Promise<boolean> => {
    loading.current = true;
    return listFolders(path).then(
      (l) => {
        loading.current = false;
        show(l);
        if (enterQueued.current) {
          enterQueued.current = false;
          const first = matching(l, typed.current)[0];
          if (opensFirst(typed.current) && first) choose(first);
        }
        return true;
      },
      (err: unknown) => {
        loading.current = false;
        enterQueued.current = false;
        setError(err instanceof Error ? err.message : String(err));
        return false;
      },
    );
  };
  /** Into another folder: the filter starts empty there. */
  const goTo = (path?: string) => {
    narrow('');
    return open(path);
  };
  const shown = matching(listing, filter);
  // A file entry carries its size (files=media); a folder none.
  const choose = (entry: { path: string; size_bytes?: number | undefined }) =>
    entry.size_bytes !== undefined ? onPickFile?.(entry.path) : void goTo(entry.path);
  const intoList = (e: KeyboardEvent) => {
    // Enter opens the first folder that matches, or picks the first file (and never submits a form the picker sits in);
    // with nothing typed in a folder picker it picks the folder shown ("Save here" without Tabbing to it).
    if (e.key === 'Enter') {
      e.preventDefault();
      if (loading.current) enterQueued.current = true;
      else if (opensFirst(filter)) {
        if (shown[0]) choose(shown[0]);
      } else if (pickLabel && onPick && listing) onPick(listing.path);
    }
    if (e.key !== 'ArrowDown') return;
    e.preventDefault();
    listRef.current?.querySelector<HTMLButtonElement>('[data-entry] button')?.focus();
  };
  const withinList = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[at + (e.key === 'ArrowDown' ? 1 : -1)];
    e.preventDefault();
    if (next) next.focus();
    else if (e.key === 'ArrowUp') filterRef.current?.focus();
  };
  /** Makes the folder named in the field, goes into it, and gives the keyboard back to the filter. */
  const make = () => {
    if (!makeFolder || !listing || !newName?.trim()) return;
    makeFolder(listing.path, newName.trim()).then(
      (l) => {
        setNewName(null);
        narrow('');
        show(l);
        // The name field goes: the keys go on in the filter of the folder just made.
        filterRef.current?.focus();
      },
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  };
  useEffect(() => {
    // Listed once when the picker opens; later moves go through open(). A start the picker may
    // not list (typed by hand, outside the home folder) falls back to the home folder.
    void open(start).then((ok) => !ok && start !== undefined && open());
  }, []);
  return (
    <Dialog title={title} onClose={onClose}>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <input
        ref={filterRef}
        className="input"
        aria-label={onPickFile ? 'Filter folders and files' : 'Filter folders'}
        placeholder={`Type to narrow the list; Enter opens the first, ↓ moves into it${pickLabel && onPick ? `; Enter with nothing typed: ${pickLabel}` : ''}`}
        autoFocus
        value={filter}
        onChange={(e) => narrow(e.target.value)}
        onKeyDown={intoList}
        spellCheck={false}
      />
      {listing && (
        <div className="stack">
          <code className="small truncate" aria-label="Current folder">
            {listing.path}
          </code>
          <ul className="folder-list" aria-label={onPickFile ? 'Folders and files' : 'Folders'} ref={listRef} onKeyDown={withinList}>
            {listing.parent && (
              <li>
                <Button size="small" variant="ghost" onClick={() => void goTo(listing.parent ?? undefined)}>
                  ↰ Up
                </Button>
              </li>
            )}
            {shown.map((e) => (
              <li key={e.path} data-entry>
                <Button size="small" variant="ghost" onClick={() => choose(e)}>
                  {e.size_bytes === undefined ? `${e.name}/` : e.name}
                </Button>
                {e.size_bytes !== undefined && <span className="muted small"> {formatBytes(e.size_bytes)}</span>}
              </li>
            ))}
            {shown.length === 0 && (
              <li className="muted small">
                {filter ? `No ${onPickFile ? 'folder or file' : 'folder'} matches.` : onPickFile ? 'No folder or file to open here.' : 'No sub-folders.'}
              </li>
            )}
          </ul>
        </div>
      )}
      {newName !== null && (
        <div className="row">
          <input
            className="input"
            aria-label="Name of the new folder"
            autoFocus
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            onKeyDown={(e) => {
              // Enter makes it; Escape takes the field back, not the whole picker.
              if (e.key === 'Enter') {
                e.preventDefault();
                make();
              }
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setNewName(null);
                filterRef.current?.focus();
              }
            }}
            spellCheck={false}
          />
          <Button onClick={make} disabled={!newName.trim()}>
            Make it
          </Button>
        </div>
      )}
      <div className="row">
        {makeFolder && !onPickFile && newName === null && (
          <Button disabled={!listing} onClick={() => setNewName('')}>
            New folder…
          </Button>
        )}
        {elsewhere && (
          <Button
            onClick={() => {
              onClose();
              elsewhere.onChoose();
            }}
          >
            {elsewhere.label}
          </Button>
        )}
        <span className="spacer" />
        <Button onClick={onClose}>Cancel</Button>
        {pickLabel && onPick && (
          <Button variant="primary" disabled={!listing} onClick={() => listing && onPick(listing.path)}>
            {pickLabel}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
