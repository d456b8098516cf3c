import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type DesktopBridge } from './ipc-contract';

const bridge: DesktopBridge = {
  getConfig: () => ipcRenderer.invoke(IPC.getConfig),
};

contextBridge.exposeInMainWorld('ffdesk', bridge);
