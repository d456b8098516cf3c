import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type DesktopBridge } from './ipc-contract';

const bridge: DesktopBridge = {
  getConfig: () => ipcRenderer.invoke(IPC.getConfig),
  pickFolder: (defaultPath) => ipcRenderer.invoke(IPC.pickFolder, defaultPath),
  showInFolder: (path) => ipcRenderer.invoke(IPC.showInFolder, path),
};

contextBridge.exposeInMainWorld('ffdesk', bridge);
