/** The tiny API the preload exposes as `window.ffdesk` (conventions: Electron specifics). */
export interface DesktopBridge {
  getConfig(): Promise<{ serviceUrl: string; apiKey: string; dataDir: string }>;
  openFiles(opts?: { multiple?: boolean }): Promise<string[]>;
  saveFile(opts: { defaultName: string; url: string }): Promise<string | null>;
  revealInFolder(path: string): Promise<void>;
}

export const IPC = {
  getConfig: 'ffdesk:get-config',
  openFiles: 'ffdesk:open-files',
  saveFile: 'ffdesk:save-file',
  reveal: 'ffdesk:reveal',
} as const;
