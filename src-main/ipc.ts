import { ipcMain, type IpcMainInvokeEvent } from 'electron';
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
}
