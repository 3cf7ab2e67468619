// Electron entry: the thin desktop shell around the core. Hardening, IPC and notifications follow.
import { app, BrowserWindow } from "electron";
import { join } from "node:path";
import { InspectorCore } from "../core/index.js";

const core = new InspectorCore();

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    webPreferences: {
      preload: join(__dirname, "../preload/index.js"),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  void win.loadFile(join(__dirname, "../renderer/index.html"));
}

app.whenReady().then(createWindow);
app.on("window-all-closed", () => {
  void core.shutdown().finally(() => app.quit());
});
