/** Where the service is and which key to use (web mode or Electron). */
export interface Connection {
  baseUrl: string;
  apiKey: string | null;
  dataDir: string | null;
  isDesktop: boolean;
}

interface DesktopBridge {
  getConfig(): Promise<{ serviceUrl: string; apiKey: string; dataDir: string }>;
  /** Native folder dialog (null when cancelled); absent in builds before the clip view. */
  pickFolder?(defaultPath?: string): Promise<string | null>;
  showInFolder?(path: string): Promise<void>;
  /** A dropped file's path ('' when none); absent in builds before "Open from disk". */
  pathForFile?(file: File): string;
}

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in web mode. */
    ffdesk?: DesktopBridge;
  }
}

const KEY_STORAGE = 'ffdesk.apiKey';

/**
 * Electron hands over URL and key through the preload. In web mode the service is the
 * page's own origin and the key comes from `#key=…` (printed by `npm start`; fragments
 * never reach the server), then from localStorage; otherwise the key gate asks for it.
 */
export async function resolveConnection(): Promise<Connection> {
  if (window.ffdesk) {
    const cfg = await window.ffdesk.getConfig();
    return { baseUrl: cfg.serviceUrl, apiKey: cfg.apiKey, dataDir: cfg.dataDir, isDesktop: true };
  }
  return { baseUrl: window.location.origin, apiKey: takeKeyFromHash() ?? readStoredKey(), dataDir: null, isDesktop: false };
}

function takeKeyFromHash(): string | null {
  const match = /(?:^#|&)key=([^&]+)/.exec(window.location.hash);
  if (!match?.[1]) return null;
  const key = decodeURIComponent(match[1]);
  storeKey(key);
  // Keep the key out of history, bookmarks and screenshots.
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#/jobs`);
  return key;
}

export function readStoredKey(): string | null {
  try {
    return window.localStorage.getItem(KEY_STORAGE);
  } catch {
    return null; // storage disabled (private mode): the gate will ask each time
  }
}

export function storeKey(key: string): void {
  try {
    window.localStorage.setItem(KEY_STORAGE, key);
  } catch {
    // Storage disabled: the key lives for this page only, which is still usable.
  }
}

export function forgetKey(): void {
  try {
    window.localStorage.removeItem(KEY_STORAGE);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
