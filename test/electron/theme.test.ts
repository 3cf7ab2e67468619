// Issue 21: the Settings theme in the desktop app. nativeTheme.themeSource follows the setting (so the
// page's prefers-color-scheme, the menus and the frame do), and the window's background matches the page.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type Settings } from "../../shared/types.js";
import { startDesktopApp, type DesktopApp } from "../../main/electron/app.js";
import { channelFor, type IpcReply } from "../../main/electron/constants.js";
import { APP_PAGE_URL } from "../../main/electron/constants.js";
import { followThemeSetting, WINDOW_BACKGROUND } from "../../main/electron/theme.js";
import { app, BrowserWindow, ipcMain, nativeTheme, resetFakeElectron } from "./fakeElectron.js";

vi.mock("electron", () => import("./fakeElectron.js"));

const started: DesktopApp[] = [];

async function start(stored?: Partial<Settings>) {
  app.userData = await mkdtemp(join(tmpdir(), "inspector-userdata-"));
  if (stored) await writeFile(join(app.userData, "settings.json"), JSON.stringify(stored));
  const desktop = await startDesktopApp({ platform: "linux", preloadPath: "/opt/inspector/out/preload/index.cjs", rendererDir: "/opt/inspector/out/renderer" });
  started.push(desktop!);
  return desktop!;
}

async function updateSettings(patch: Partial<Settings>): Promise<IpcReply> {
  const handler = ipcMain.handlers.get(channelFor("updateSettings"))!;
  return (await handler({ senderFrame: { url: APP_PAGE_URL, parent: null } }, patch)) as IpcReply;
}

beforeEach(() => resetFakeElectron());
afterEach(async () => {
  await Promise.all(started.splice(0).map((d) => d.core.shutdown()));
});

describe("the theme setting in the desktop app (issue 21)", () => {
  it("a stored Dark theme: nativeTheme.themeSource is dark before the window opens, and the window's background is the dark page's", async () => {
    await start({ theme: "dark" });
    expect(nativeTheme.themeSource).toBe("dark");
    expect(BrowserWindow.instances[0]!.options.backgroundColor).toBe(WINDOW_BACKGROUND.dark);
  });

  it("switching System → Light → Dark in Settings moves nativeTheme and repaints the window; System follows the OS again", async () => {
    nativeTheme.osDark = true;
    await start();
    const win = BrowserWindow.instances[0]!;
    expect(nativeTheme.themeSource).toBe("system");
    expect(win.options.backgroundColor).toBe(WINDOW_BACKGROUND.dark);

    expect(await updateSettings({ theme: "light" })).toMatchObject({ ok: true, value: { theme: "light" } });
    expect(nativeTheme.themeSource).toBe("light");
    expect(win.backgroundColor).toBe(WINDOW_BACKGROUND.light);

    await updateSettings({ theme: "dark" });
    expect(nativeTheme.themeSource).toBe("dark");
    expect(win.backgroundColor).toBe(WINDOW_BACKGROUND.dark);

    await updateSettings({ theme: "system" });
    nativeTheme.osDark = false; // the OS switches to light while the app follows it
    expect(nativeTheme.themeSource).toBe("system");
    expect(win.backgroundColor).toBe(WINDOW_BACKGROUND.light);
  });

  it("followThemeSetting stops listening when stopped, and a closed window is left alone", () => {
    const listeners = new Set<(event: InspectorEvent) => void>();
    const core = {
      getSettings: () => ({ theme: "system" as const }),
      subscribe: (listener: (event: InspectorEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const win = { destroyed: true, isDestroyed: () => win.destroyed, setBackgroundColor: vi.fn() };
    const stop = followThemeSetting(nativeTheme, core, () => win);
    for (const l of listeners) l({ type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, theme: "dark" } });
    expect(nativeTheme.themeSource).toBe("dark");
    expect(win.setBackgroundColor).not.toHaveBeenCalled();

    win.destroyed = false;
    stop();
    expect(listeners.size).toBe(0);
    nativeTheme.themeSource = "light";
    expect(win.setBackgroundColor).not.toHaveBeenCalled();
  });
});
