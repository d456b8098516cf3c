import path from 'node:path';
import { app, BrowserWindow, Menu, shell } from 'electron';
import { registerIpc } from './ipc';
import { buildMenu } from './menu';
import { startServiceProcess, type RunningService } from './service-process';

/**
 * The Electron shell, kept thin: it starts the service in its own utilityProcess on
 * 127.0.0.1 with a free port, then points a locked-down window at the service's own origin
 * (same origin as the API, so no CORS and the Host/Origin guard stays strict). The window
 * talks to the service over HTTP like any script (docs/architecture.md).
 */
let service: RunningService | undefined;
let quitting = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => focusMain());
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      console.error('FFDesk failed to start:', err);
      app.exit(1);
    });
}

async function start(): Promise<void> {
  service = await startServiceProcess({
    dataDir: process.env.FFDESK_DATA_DIR || path.join(app.getPath('userData'), 'data'),
    webRoot: path.join(__dirname, '../renderer'),
  });
  const { url } = service;
  registerIpc({ serviceUrl: url, apiKey: service.apiKey, dataDir: service.dataDir });
  Menu.setApplicationMenu(buildMenu(service.dataDir));
  createWindow(url);
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && createWindow(url));
}

function createWindow(url: string): void {
  const win = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    title: 'FFDesk',
    show: false,
    webPreferences: {
      preload: path.join(__dirname, '../preload/preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  const origin = new URL(url).origin;
  win.webContents.setWindowOpenHandler(({ url: target }) => {
    if (/^https?:\/\//.test(target) && new URL(target).origin !== origin) void shell.openExternal(target);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== origin) event.preventDefault();
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${url}/`);
}

function focusMain(): void {
  const win = BrowserWindow.getAllWindows()[0];
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.focus();
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

/** Stop the service cleanly: running commands are re-queued and resume on the next start. */
app.on('before-quit', (event) => {
  if (quitting || !service) return;
  event.preventDefault();
  quitting = true;
  void service.stop().finally(() => app.quit());
});
