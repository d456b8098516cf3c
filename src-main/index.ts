import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, Menu, shell } from 'electron';
import { registerIpc } from './ipc';
import { buildMenu } from './menu';
import { startServiceProcess, type RunningService } from './service-process';
import { superviseService } from './service-supervisor';
import { serviceDownPage } from './service-down-page';
import type { RestartDecision } from './restart-policy';

/**
 * The Electron shell, kept thin: it starts the service in its own utilityProcess on
 * 127.0.0.1 with a free port, then points a locked-down window at the service's own origin
 * (same origin as the API, so no CORS and the Host/Origin guard stays strict). The window
 * talks to the service over HTTP like any script (docs/architecture.md).
 */
let service: ReturnType<typeof superviseService> | undefined;
let quitting = false;
/** The service's origin: it changes when a restarted service listens on a new port. */
let serviceOrigin = '';

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
  const hostOptions = { dataDir: process.env.FFDESK_DATA_DIR || path.join(app.getPath('userData'), 'data'), webRoot: path.join(__dirname, '../renderer') };
  service = superviseService(() => startServiceProcess(hostOptions), {
    onReady,
    onCrash,
    onStartFailed: (err) => logWatch(`a restart failed: ${String(err)}`),
  });
  const first = await service.start();
  registerIpc(() => {
    const s = service?.current();
    if (!s) throw new Error('The FFDesk service is restarting');
    return { serviceUrl: s.url, apiKey: s.apiKey, dataDir: s.dataDir };
  });
  Menu.setApplicationMenu(buildMenu(first.dataDir));
  createWindow(first.url);
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && service?.current() && createWindow(service.current()!.url));
}

/** Watching the service (docs/architecture.md): a restarted one has a new port, so the windows load its origin again. */
function onReady(s: RunningService, restarted: boolean): void {
  serviceOrigin = new URL(s.url).origin;
  if (!restarted) return;
  logWatch(`the service is running again at ${s.url}`);
  for (const win of BrowserWindow.getAllWindows()) void win.loadURL(`${s.url}/`);
}

function onCrash(code: number | null, decision: RestartDecision): void {
  logWatch(
    `the service process stopped unexpectedly (exit code ${code}); ${decision.action === 'restart' ? `restart ${decision.attempt} in ${decision.delayMs} ms` : `giving up after ${decision.crashes} crashes`}`,
  );
  const page = serviceDownPage(code, decision);
  for (const win of BrowserWindow.getAllWindows()) void win.loadURL(page);
}

/** Written to the console and to service-watch.log in the app's log folder. */
function logWatch(line: string): void {
  const stamped = `${new Date().toISOString()} ${line}`;
  console.error(`FFDesk: ${stamped}`);
  try {
    const dir = app.getPath('logs');
    fs.mkdirSync(dir, { recursive: true });
    fs.appendFileSync(path.join(dir, 'service-watch.log'), `${stamped}\n`);
  } catch (err) {
    console.error('FFDesk: could not write service-watch.log:', err);
  }
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
  win.webContents.setWindowOpenHandler(({ url: target }) => {
    if (/^https?:\/\//.test(target) && new URL(target).origin !== serviceOrigin) void shell.openExternal(target);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== serviceOrigin) event.preventDefault();
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
