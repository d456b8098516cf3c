import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { IPC, type DesktopBridge } from './ipc-contract';

const bridge: DesktopBridge = {
  getConfig: () => ipcRenderer.invoke(IPC.getConfig),
  pickFolder: (defaultPath) => ipcRenderer.invoke(IPC.pickFolder, defaultPath),
  showInFolder: (path) => ipcRenderer.invoke(IPC.showInFolder, path),
  // In the renderer's own process (no IPC): Electron reads the path off the dropped File itself.
  pathForFile: (file) => webUtils.getPathForFile(file),
};

contextBridge.exposeInMainWorld('ffdesk', bridge);
