/**
 * The calls the preload exposes as `window.ffdesk` (conventions: Electron specifics): where
 * the service is and its key, and the native folder dialog and "show in folder" of the clip
 * view's "Save to" (docs/cutting.md). Everything else goes over HTTP to the service.
 */
export interface DesktopBridge {
  getConfig(): Promise<{ serviceUrl: string; apiKey: string; dataDir: string }>;
  /** The native folder dialog; null when cancelled. */
  pickFolder(defaultPath?: string): Promise<string | null>;
  /** Opens the file manager with the file selected. */
  showInFolder(path: string): Promise<void>;
}

export const IPC = {
  getConfig: 'ffdesk:get-config',
  pickFolder: 'ffdesk:pick-folder',
  showInFolder: 'ffdesk:show-in-folder',
} as const;
