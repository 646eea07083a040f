// The preload of the main window. It runs sandboxed (CommonJS, only Electron's renderer
// modules) and exposes exactly window.api; see expose.ts.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildWindowApi } from './expose.ts';

contextBridge.exposeInMainWorld('api', buildWindowApi(ipcRenderer, webUtils));
