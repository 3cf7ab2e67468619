// Stand-in for the `electron` package under vitest (see vitest.config.ts). Tests that need
// behaviour replace these with vi.mock / vi.spyOn; the stub itself only has to load.
export const app = {};
export const BrowserWindow = class {};
export const ipcMain = {};
export const ipcRenderer = {};
export const contextBridge = {};
export const Notification = class {};
export const shell = {};
export const Menu = {};
export const session = {};
export const dialog = {};
export const safeStorage = {};
export const nativeTheme = {};
export default { app, BrowserWindow, ipcMain, ipcRenderer, contextBridge, Notification, shell, Menu, session, dialog, nativeTheme };
