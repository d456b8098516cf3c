import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { dialog, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { IPC } from './ipc-contract';

/** Answers only frames loaded from the service's own origin; every argument is checked. */
export function registerIpc(cfg: { serviceUrl: string; apiKey: string; dataDir: string }): void {
  const origin = new URL(cfg.serviceUrl).origin;
  const trusted = (e: IpcMainInvokeEvent) => {
    const url = e.senderFrame?.url;
    return typeof url === 'string' && url.startsWith('http') && new URL(url).origin === origin;
  };
  const handle = <A extends unknown[], R>(channel: string, fn: (...args: A) => R | Promise<R>) =>
    ipcMain.handle(channel, (e, ...args) => {
      if (!trusted(e)) throw new Error('Untrusted sender');
      return fn(...(args as A));
    });

  handle(IPC.getConfig, () => cfg);
  handle(IPC.openFiles, async (opts: { multiple?: unknown }) => {
    const r = await dialog.showOpenDialog({ properties: opts?.multiple === true ? ['openFile', 'multiSelections'] : ['openFile'] });
    return r.canceled ? [] : r.filePaths;
  });
  handle(IPC.saveFile, async (opts: { defaultName?: unknown; url?: unknown }) => {
    if (typeof opts?.defaultName !== 'string' || typeof opts.url !== 'string' || new URL(opts.url).origin !== origin) return null;
    const r = await dialog.showSaveDialog({ defaultPath: opts.defaultName });
    if (r.canceled || !r.filePath) return null;
    const res = await fetch(opts.url);
    if (!res.ok || !res.body) throw new Error(`Download failed: HTTP ${res.status}`);
    // Streamed: outputs can be many gigabytes.
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), fs.createWriteStream(r.filePath));
    return r.filePath;
  });
  handle(IPC.reveal, (p: unknown) => {
    if (typeof p === 'string' && fs.existsSync(p)) shell.showItemInFolder(p);
  });
}
