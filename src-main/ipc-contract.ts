/**
 * The one call the preload exposes as `window.ffdesk` (conventions: Electron specifics):
 * where the service is and its key. Everything else goes over HTTP to the service.
 */
export interface DesktopBridge {
  getConfig(): Promise<{ serviceUrl: string; apiKey: string; dataDir: string }>;
}

export const IPC = {
  getConfig: 'ffdesk:get-config',
} as const;
