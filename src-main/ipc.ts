import path from 'node:path';
import { BrowserWindow, dialog, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { IPC } from './ipc-contract';

type Config = { serviceUrl: string; apiKey: string; dataDir: string };

/** Answers only frames loaded from the service's own origin (the current one: a restarted service has a new port). */
export function registerIpc(config: () => Config): void {
  const trusted = (e: IpcMainInvokeEvent, cfg: Config) => {
    const url = e.senderFrame?.url;
    return typeof url === 'string' && url.startsWith('http') && new URL(url).origin === new URL(cfg.serviceUrl).origin;
  };
  ipcMain.handle(IPC.getConfig, (e) => {
    const cfg = config();
    if (!trusted(e, cfg)) throw new Error('Untrusted sender');
    return cfg;
  });
  ipcMain.handle(IPC.pickFolder, async (e, defaultPath: unknown) => {
    if (!trusted(e, config())) throw new Error('Untrusted sender');
    const options = {
      properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
      ...(isAbsolute(defaultPath) ? { defaultPath } : {}),
    };
    const owner = BrowserWindow.fromWebContents(e.sender);
    const r = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
    return r.canceled ? null : (r.filePaths[0] ?? null);
  });
  ipcMain.handle(IPC.showInFolder, (e, target: unknown) => {
    if (!trusted(e, config())) throw new Error('Untrusted sender');
    if (!isAbsolute(target)) throw new Error('An absolute path is needed');
    shell.showItemInFolder(target);
  });
}

function isAbsolute(p: unknown): p is string {
  return typeof p === 'string' && p.length < 4096 && path.isAbsolute(p);
}
