/**
 * The slice of Electron's API that src-main uses, for type-checking on machines where the
 * optional `electron` package could not be installed (its install script downloads the
 * binary from GitHub). tsconfig `paths` prefers the real `electron.d.ts` whenever it exists,
 * so wherever Electron is installed the code is checked against the real declarations.
 */
export interface IpcMainInvokeEvent {
  senderFrame: { url: string } | null;
  sender: WebContents;
}
export interface MenuItemConstructorOptions {
  label?: string;
  role?: string;
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio';
  click?: () => void;
  submenu?: MenuItemConstructorOptions[];
}
export class Menu {
  static buildFromTemplate(template: MenuItemConstructorOptions[]): Menu;
  static setApplicationMenu(menu: Menu | null): void;
}
export interface WebContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void;
  on(event: 'will-navigate', listener: (event: { preventDefault(): void }, url: string) => void): this;
}
export class BrowserWindow {
  constructor(options: {
    width?: number;
    height?: number;
    minWidth?: number;
    minHeight?: number;
    title?: string;
    show?: boolean;
    webPreferences?: { preload?: string; contextIsolation?: boolean; sandbox?: boolean; nodeIntegration?: boolean; webSecurity?: boolean };
  });
  static getAllWindows(): BrowserWindow[];
  static fromWebContents(webContents: WebContents): BrowserWindow | null;
  webContents: WebContents;
  once(event: 'ready-to-show', listener: () => void): this;
  loadURL(url: string): Promise<void>;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
  show(): void;
}
export const app: {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  exit(code?: number): void;
  whenReady(): Promise<void>;
  getPath(name: 'userData' | 'home' | 'temp' | 'logs'): string;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'second-instance' | 'activate' | 'window-all-closed', listener: () => void): unknown;
};
export interface UtilityProcess {
  postMessage(message: unknown): void;
  kill(): boolean;
  on(event: 'message', listener: (message: never) => void): this;
  once(event: 'exit', listener: (code: number) => void): this;
}
export const utilityProcess: {
  fork(modulePath: string, args?: string[], options?: { serviceName?: string; stdio?: 'inherit' | 'pipe' | 'ignore'; env?: NodeJS.ProcessEnv }): UtilityProcess;
};
export const shell: {
  openExternal(url: string): Promise<void>;
  openPath(path: string): Promise<string>;
  showItemInFolder(fullPath: string): void;
};
export interface OpenDialogOptions {
  defaultPath?: string;
  properties?: ('openFile' | 'openDirectory' | 'createDirectory' | 'multiSelections')[];
}
export const dialog: {
  showOpenDialog(window: BrowserWindow, options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
};
export const ipcMain: {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
};
export const ipcRenderer: {
  invoke(channel: string, ...args: unknown[]): Promise<never>;
};
export const contextBridge: {
  exposeInMainWorld(key: string, api: unknown): void;
};
export const webUtils: {
  getPathForFile(file: File): string;
};
