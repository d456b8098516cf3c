import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type DesktopBridge } from './ipc-contract';

const bridge: DesktopBridge = {
  getConfig: () => ipcRenderer.invoke(IPC.getConfig),
  openFiles: (opts) => ipcRenderer.invoke(IPC.openFiles, { multiple: opts?.multiple === true }),
  saveFile: (opts) => ipcRenderer.invoke(IPC.saveFile, { defaultName: String(opts.defaultName), url: String(opts.url) }),
  revealInFolder: (p) => ipcRenderer.invoke(IPC.reveal, String(p)),
};

contextBridge.exposeInMainWorld('ffdesk', bridge);
