/**
 * The calls the preload exposes as `window.ffdesk` (conventions: Electron specifics): where
 * the service is and its key, the native folder dialog and "show in folder" of the clip view's
 * "Save to" (docs/cutting.md), and the path of a dropped file. Everything else goes over HTTP to
 * the service.
 */
export interface DesktopBridge {
  getConfig(): Promise<{ serviceUrl: string; apiKey: string; dataDir: string }>;
  /** The native folder dialog; null when cancelled. */
  pickFolder(defaultPath?: string): Promise<string | null>;
  /** Opens the file manager with the file selected. */
  showInFolder(path: string): Promise<void>;
  /** The path of a file dropped on the window (Electron's webUtils), '' when it has none: the clip view opens it in place (POST /v1/local/open). */
  pathForFile(file: File): string;
}

export const IPC = {
  getConfig: 'ffdesk:get-config',
  pickFolder: 'ffdesk:pick-folder',
  showInFolder: 'ffdesk:show-in-folder',
} as const;
