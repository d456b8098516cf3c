import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC } from './ipc-contract';

/** Answers only frames loaded from the service's own origin. */
export function registerIpc(cfg: { serviceUrl: string; apiKey: string; dataDir: string }): void {
  const origin = new URL(cfg.serviceUrl).origin;
  const trusted = (e: IpcMainInvokeEvent) => {
    const url = e.senderFrame?.url;
    return typeof url === 'string' && url.startsWith('http') && new URL(url).origin === origin;
  };
  ipcMain.handle(IPC.getConfig, (e) => {
    if (!trusted(e)) throw new Error('Untrusted sender');
    return cfg;
  });
}
