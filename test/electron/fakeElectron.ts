// A recording stand-in for the `electron` module (the runtime cannot run here). Test files that need
// it do `vi.mock("electron", () => import("./fakeElectron.js"))` and call `resetFakeElectron()`
// in beforeEach; the objects stay the same, only their state is reset.
import { EventEmitter } from "node:events";
import { vi } from "vitest";

export class FakeWebContents extends EventEmitter {
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  destroyed = false;
  windowOpenHandler?: (details: { url: string }) => { action: string };
  /** What the page does with executeJavaScript; a test sets it to play the renderer's part. */
  pageScript: (code: string) => Promise<unknown> = () => Promise.reject(new Error("no page script in this test"));

  executeJavaScript(code: string, _userGesture?: boolean): Promise<unknown> {
    return this.pageScript(code);
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
    this.emit("test:sent", channel, args);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  destroy(): void {
    this.destroyed = true;
    this.emit("destroyed");
  }

  /** Resolves with the args of the first send (past or future) on `channel` that matches. */
  waitForSend(channel: string, match: (args: unknown[]) => boolean = () => true): Promise<unknown[]> {
    const seen = this.sent.find((s) => s.channel === channel && match(s.args));
    if (seen) return Promise.resolve(seen.args);
    return new Promise((resolve) => {
      const listener = (ch: string, args: unknown[]) => {
        if (ch === channel && match(args)) {
          this.off("test:sent", listener);
          resolve(args);
        }
      };
      this.on("test:sent", listener);
    });
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  focused = false;
  minimized = false;
  maximized = false;
  destroyed = false;
  shown = false;
  loadedUrl?: string;
  bounds = { x: 100, y: 80, width: 1280, height: 820 };

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
    // Electron announces every new webContents on the app, before anything loads in it.
    app.emit("web-contents-created", {}, this.webContents);
  }

  /** A test sets it to make the next page load fail. */
  static loadFailure: Error | undefined;

  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return BrowserWindow.loadFailure ? Promise.reject(BrowserWindow.loadFailure) : Promise.resolve();
  }
  isFocused(): boolean {
    return this.focused;
  }
  focus(): void {
    this.focused = true;
  }
  show(): void {
    this.shown = true;
  }
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  backgroundColor?: string;
  setBackgroundColor(color: string): void {
    this.backgroundColor = color;
  }
  close(): void {
    this.emit("close");
    this.destroyed = true;
    this.webContents.destroy();
    this.emit("closed");
  }
}

class FakeApp extends EventEmitter {
  lockGranted = true;
  userData = "/nonexistent";
  appPath = "/nonexistent";
  isPackaged = false;
  name = "MCP Task Inspector";
  requestSingleInstanceLock = vi.fn(() => this.lockGranted);
  quit = vi.fn();
  enableSandbox = vi.fn();
  setAppUserModelId = vi.fn();
  setBadgeCount = vi.fn((_count?: number) => true);
  whenReady = vi.fn(() => Promise.resolve());
  getPath = vi.fn((_name: string) => this.userData);
  setPath = vi.fn((_name: string, path: string) => {
    this.userData = path;
  });
  exit = vi.fn((_code?: number) => {});
  getAppPath = vi.fn(() => this.appPath);
}

export const app = new FakeApp();

type InvokeHandler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

export const ipcMain = {
  handlers: new Map<string, InvokeHandler>(),
  handle(channel: string, handler: InvokeHandler) {
    // Like Electron: a second handler for one channel is an error.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
};

export const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() };
export const session = { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), on: vi.fn() } };
export const Menu = { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })), setApplicationMenu: vi.fn() };
export const screen = { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) };
export const dialog = {
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 1, checkboxChecked: false })),
  showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
};
export const shell = { openExternal: vi.fn(async (_url: string) => {}) };
export const net = { fetch: vi.fn() };
/** A stand-in keychain: "encrypts" by reversing and tagging, so a test can see nothing is stored in the clear. */
export const safeStorage = {
  available: true,
  backend: "gnome_libsecret",
  isEncryptionAvailable: vi.fn(() => safeStorage.available),
  getSelectedStorageBackend: vi.fn(() => safeStorage.backend),
  encryptString: vi.fn((plain: string) => Buffer.from(`sealed:${[...plain].reverse().join("")}`)),
  decryptString: vi.fn((cipher: Buffer) => {
    const text = cipher.toString();
    if (!text.startsWith("sealed:")) throw new Error("Error while decrypting the ciphertext provided to safeStorage.decryptString.");
    return [...text.slice("sealed:".length)].reverse().join("");
  }),
};
export const contextBridge = { exposeInMainWorld: vi.fn() };

/** Electron's nativeTheme: `osDark` plays the OS setting; "updated" fires when the colours in use change, as in Electron. */
class FakeNativeTheme extends EventEmitter {
  private source: "system" | "light" | "dark" = "system";
  private os = false;
  get themeSource() {
    return this.source;
  }
  set themeSource(value: "system" | "light" | "dark") {
    this.change(() => (this.source = value));
  }
  get osDark() {
    return this.os;
  }
  set osDark(value: boolean) {
    this.change(() => (this.os = value));
  }
  get shouldUseDarkColors(): boolean {
    return this.source === "dark" || (this.source === "system" && this.os);
  }
  private change(apply: () => void): void {
    const before = this.shouldUseDarkColors;
    apply();
    if (before !== this.shouldUseDarkColors) this.emit("updated");
  }
  reset(): void {
    this.removeAllListeners();
    this.source = "system";
    this.os = false;
  }
}
export const nativeTheme = new FakeNativeTheme();
export const ipcRenderer = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() };

export class Notification extends EventEmitter {
  static supported = true;
  static shown: Notification[] = [];
  closed = false;
  static isSupported(): boolean {
    return Notification.supported;
  }
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    Notification.shown.push(this);
    Notification.events.emit("shown", this);
  }
  /** Resolves with the first notification shown, now or when it comes. */
  static firstShown(): Promise<Notification> {
    if (Notification.shown.length) return Promise.resolve(Notification.shown[0]!);
    return new Promise((resolve) => Notification.events.once("shown", resolve));
  }
  static readonly events = new EventEmitter();
  close(): void {
    this.closed = true;
    this.emit("close");
  }
}

export function resetFakeElectron(): void {
  BrowserWindow.instances = [];
  BrowserWindow.loadFailure = undefined;
  Object.assign(safeStorage, { available: true, backend: "gnome_libsecret" });
  Notification.shown = [];
  Notification.supported = true;
  Notification.events.removeAllListeners();
  nativeTheme.reset();
  app.removeAllListeners();
  Object.assign(app, { lockGranted: true, userData: "/nonexistent", appPath: "/nonexistent", isPackaged: false });
  for (const fn of [app.requestSingleInstanceLock, app.quit, app.enableSandbox, app.setAppUserModelId, app.setBadgeCount, app.whenReady, app.getPath, app.setPath, app.exit, app.getAppPath]) fn.mockClear();
  ipcMain.handlers.clear();
  for (const fn of [
    protocol.registerSchemesAsPrivileged,
    protocol.handle,
    session.defaultSession.setPermissionRequestHandler,
    session.defaultSession.setPermissionCheckHandler,
    session.defaultSession.on,
    Menu.buildFromTemplate,
    Menu.setApplicationMenu,
    dialog.showMessageBox,
    dialog.showOpenDialog,
    shell.openExternal,
    net.fetch,
    contextBridge.exposeInMainWorld,
    ipcRenderer.invoke,
    ipcRenderer.on,
    ipcRenderer.removeListener,
  ]) fn.mockClear();
  dialog.showMessageBox.mockImplementation(async () => ({ response: 1, checkboxChecked: false }));
  dialog.showOpenDialog.mockImplementation(async () => ({ canceled: true, filePaths: [] }));
}

export default { app, BrowserWindow, ipcMain, protocol, session, Menu, screen, dialog, shell, net, safeStorage, contextBridge, ipcRenderer, Notification, nativeTheme };
