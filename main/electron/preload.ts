// Bundled to one CommonJS file (a sandboxed preload cannot load modules).
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './preloadBridge.js';

contextBridge.exposeInMainWorld('dlsetup', createPreloadBridge(ipcRenderer));
