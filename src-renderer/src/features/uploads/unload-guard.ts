/**
 * While an upload runs, closing or reloading the window asks first: the browser shows its
 * own "leave site?" dialog. An upload cut off anyway can be resumed (resume-store.ts).
 */
let holders = 0;

function onBeforeUnload(e: BeforeUnloadEvent): void {
  e.preventDefault();
  // Older Chromium (and Electron) need returnValue set to show the dialog.
  e.returnValue = '';
}

/** Call when an upload starts; call the returned function once when it ends. */
export function holdUnload(): () => void {
  if (holders++ === 0) window.addEventListener('beforeunload', onBeforeUnload);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  };
}
