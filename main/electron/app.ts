// The desktop shell's wiring: app lifecycle, the window, IPC, notifications, menu. Each behaviour
// lives in its own small module; this file only connects them to Electron and to the core.
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, net, protocol, safeStorage, screen, session, shell } from "electron";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { userInfo } from "node:os";
import type { InspectorEvent } from "../../shared/contract.js";
import type { SavedServer } from "../../shared/types.js";
import { InspectorCore, JsonFileStorage, systemPorts } from "../core/index.js";
import { APP_ID, APP_PAGE_URL, APP_SCHEME } from "./constants.js";
import { everythingDemoServer } from "./demoServer.js";
import { loginShellPath, mergePath, wantsLoginShellPath } from "./shellPath.js";
import { authorizationPageOpener, confirmLinkDialog, createLinkOpener } from "./externalLinks.js";
import { chooseRootFolder } from "./folderPicker.js";
import { attachEventStream, registerApiHandlers, type EventStream } from "./ipc.js";
import { buildMenuTemplate } from "./menu.js";
import { isNotificationSupported, showNativeNotification } from "./nativeNotifications.js";
import { connectNotifier, Notifier } from "./notifier.js";
import { APP_SANDBOX_ORIGIN, APP_SANDBOX_PRIVILEGES, APP_SANDBOX_SCHEME, createAppSandboxHandler, denyAppFrameNavigation } from "./appSandbox.js";
import { allowOwnDownloads, APP_SCHEME_PRIVILEGES, createAppProtocolHandler, createMainWindow, focusWindow, hardenSession, hardenWebContents } from "./window.js";
import { followThemeSetting, windowBackground } from "./theme.js";
import { restoreWindowState, trackWindowState, WINDOW_STATE_KEY } from "./windowState.js";
import { safeStorageSecrets } from "./safeStorageSecrets.js";

export interface StartOptions {
  platform?: NodeJS.Platform;
  /** electron-vite's dev server URL (`npm run dev`); the built app uses app://inspector. */
  devServerUrl?: string;
  /** Where the built preload and renderer are, next to the built main. */
  preloadPath?: string;
  rendererDir?: string;
  /** The PATH of the user's login shell (shellPath.ts); a test gives its own. */
  loginShellPath?: () => Promise<string | undefined>;
}

export interface DesktopApp {
  core: InspectorCore;
  window(): BrowserWindow | undefined;
  /** Opens the window, or focuses it when there is one. */
  showWindow(): Promise<BrowserWindow>;
  /** The current window's page load: resolves when it loaded, rejects with why it did not. */
  pageLoaded(): Promise<void>;
  /** The built-in demo entry this app offers. */
  demoServer: SavedServer;
}

/**
 * The dev server URL is honoured only in an unpackaged app and only on loopback: IPC trusts the
 * page's origin, so an environment variable must never point a packaged app at another site.
 */
export function trustedDevServerUrl(raw: string | undefined, isPackaged: boolean): string | undefined {
  if (!raw || isPackaged) return undefined;
  try {
    const url = new URL(raw);
    const loopback = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
    return url.protocol === "http:" && loopback ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** How long quitting waits for servers to be disconnected before it goes anyway. */
const SHUTDOWN_GRACE_MS = 3000;

export async function startDesktopApp(options: StartOptions = {}): Promise<DesktopApp | undefined> {
  const platform = options.platform ?? process.platform;
  const preloadPath = options.preloadPath ?? fileURLToPath(new URL("../preload/index.cjs", import.meta.url));
  const rendererDir = options.rendererDir ?? fileURLToPath(new URL("../renderer/", import.meta.url));
  const devServerUrl = trustedDevServerUrl(options.devServerUrl, app.isPackaged);
  const pageUrl = devServerUrl ?? APP_PAGE_URL;

  // A second launch hands over to the first (which focuses its window) and leaves.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  // Asked now, beside Electron's own start; used before the core can start any server.
  const onTerminal = Boolean(process.stdout.isTTY || process.stdin.isTTY);
  const askShell = async () => (wantsLoginShellPath(platform, process.env, onTerminal) ? loginShellPath({ shell: userShell(), platform, env: process.env }) : undefined);
  const shellPath = (options.loginShellPath ?? askShell)();
  // Both must happen before "ready".
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, APP_SANDBOX_PRIVILEGES]);
  app.enableSandbox();
  // Windows shows notifications only for an app with an AppUserModelID matching its shortcut's.
  if (platform === "win32") app.setAppUserModelId(APP_ID);

  await app.whenReady();
  const found = await shellPath.catch(() => undefined);
  if (found) process.env.PATH = mergePath(found, process.env.PATH);

  if (!devServerUrl) protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir, (url) => net.fetch(url)));
  // AP4: MCP App Views run behind the sandbox proxy on a scheme of their own.
  // Node's URL has no origin for a custom scheme ("null"): scheme and host say it.
  const page = new URL(pageUrl);
  protocol.handle(APP_SANDBOX_SCHEME, createAppSandboxHandler(`${page.protocol}//${page.host}`));
  hardenSession(session.defaultSession, pageUrl);
  allowOwnDownloads(session.defaultSession, pageUrl);

  let win: BrowserWindow | undefined;
  let stream: EventStream | undefined;
  let pageLoad: Promise<void> = Promise.resolve();
  let pageReady: Promise<void> = Promise.resolve();

  const openLink = createLinkOpener({
    confirm: async (url) => {
      const parent = win && !win.isDestroyed() ? win : undefined;
      const { response } = parent ? await dialog.showMessageBox(parent, confirmLinkDialog(url)) : await dialog.showMessageBox(confirmLinkDialog(url));
      return response === 0;
    },
    open: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK: reviewed: reached only through createLinkOpener, http(s) only, after the user confirms (test/electron/externalLinks.test.ts)
  });

  const storage = new JsonFileStorage(app.getPath("userData"));
  const demoServer = everythingDemoServer(app.getAppPath());
  const core = new InspectorCore({
    storage,
    collectionsDir: join(app.getPath("userData"), "collections"),
    // safeStorage works only once the app is ready (it is, here).
    secrets: safeStorageSecrets(safeStorage, platform),
    builtInServers: [demoServer],
    // OS notifications and the badge (below): the page leaves its own alerts to browser mode.
    notifiesUser: true,
    openExternal: async (url) => {
      await openLink(url);
    },
    // Issue 14: a server's authorization page, after the same confirmation as any link.
    openAuthorizationPage: authorizationPageOpener(openLink),
    // "Choose folder…" in the roots editor: the OS picker, on the window when there is one.
    chooseFolder: () =>
      chooseRootFolder((options) => {
        const parent = win && !win.isDestroyed() ? win : undefined;
        return parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options);
      }),
  });

  core.setAppSandbox(APP_SANDBOX_ORIGIN);

  // Issue 21: the Settings theme drives nativeTheme (page, menus, frame) and the window's background; the
  // stored setting first, so a dark window never opens white.
  await core.ready.catch(() => {});
  followThemeSetting(nativeTheme, core, () => win);

  // Every webContents, including any we did not expect, gets the navigation and window policy.
  app.on("web-contents-created", (_event, contents) => {
    hardenWebContents(contents, openLink);
    denyAppFrameNavigation(contents);
  });
  registerApiHandlers(ipcMain, core.page, pageUrl);

  let opening: Promise<BrowserWindow> | undefined;

  const openWindow = async (): Promise<BrowserWindow> => {
    const state = restoreWindowState(await storage.read(WINDOW_STATE_KEY).catch(() => undefined), screen.getAllDisplays().map((d) => d.workArea));
    const created = createMainWindow(state, preloadPath, windowBackground(nativeTheme));
    win = created;
    trackWindowState(created, (s) => void storage.write(WINDOW_STATE_KEY, s).catch(() => {}), systemPorts.timers);
    stream = attachEventStream(created.webContents, core.page, systemPorts.timers, () => Date.now());
    created.on("closed", () => {
      if (win === created) {
        win = undefined;
        stream = undefined;
      }
    });
    pageLoad = created.loadURL(pageUrl);
    pageReady = pageLoad.catch(() => {});
    return created;
  };

  /** Focus the window, or open one (once, however many callers ask at the same time). */
  const showWindow = (): Promise<BrowserWindow> => {
    if (win && !win.isDestroyed()) {
      focusWindow(win);
      return Promise.resolve(win);
    }
    opening ??= openWindow().finally(() => (opening = undefined));
    return opening;
  };

  /** Deliver a navigate event once the page can hear it (a window a click just opened is still loading). */
  const navigate = (payload: Extract<InspectorEvent, { type: "navigate" }>["payload"]) => {
    void Promise.resolve(opening)
      .then(() => pageReady)
      .then(() => stream?.push({ type: "navigate", payload }));
  };

  const notifier = new Notifier({
    isSupported: isNotificationSupported,
    isEnabled: () => core.getSettings().notificationsEnabled,
    isWindowFocused: () => !!win && !win.isDestroyed() && win.isFocused(),
    show: showNativeNotification,
    focusWindow: () => void showWindow(),
    navigate,
    setBadgeCount: (count) => void app.setBadgeCount(count),
    timers: systemPorts.timers,
    now: () => Date.now(),
  });
  connectNotifier(core, notifier);

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(buildMenuTemplate({ platform, isDev: !app.isPackaged, appName: app.name, navigate: (tab) => navigate({ tab }) })),
  );

  app.on("second-instance", () => void showWindow());
  app.on("activate", () => void showWindow());
  app.on("window-all-closed", () => {
    // macOS apps stay running without windows; the core keeps its sessions and notifications.
    if (platform !== "darwin") app.quit();
  });
  let shutDown = false;
  app.on("will-quit", (event) => {
    if (shutDown) return;
    event.preventDefault();
    notifier.dispose();
    let timer: ReturnType<typeof systemPorts.timers.setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => (timer = systemPorts.timers.setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    void Promise.race([core.shutdown(), grace]).finally(() => {
      if (timer) systemPorts.timers.clearTimeout(timer);
      shutDown = true;
      app.quit();
    });
  });

  await showWindow();
  return { core, window: () => win, showWindow, pageLoaded: () => pageLoad, demoServer };
}

function userShell(): string | undefined {
  try {
    return process.env.SHELL || userInfo().shell || undefined;
  } catch {
    return undefined;
  }
}
