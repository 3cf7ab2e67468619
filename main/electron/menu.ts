// The application menu: the platform's usual roles, plus one shortcut per tab. A tab shortcut sends a
// `navigate` event down the window's event stream, so the renderer switches tabs the same way a
// notification click makes it.
import type { MenuItemConstructorOptions } from "electron";
import type { InspectorTab } from "../../shared/contract.js";

export const TAB_SHORTCUTS: ReadonlyArray<{ tab: InspectorTab; label: string; accelerator: string }> = [
  { tab: "tools", label: "Tools", accelerator: "CmdOrCtrl+1" },
  { tab: "tasks", label: "Tasks", accelerator: "CmdOrCtrl+2" },
  { tab: "sampling", label: "Sampling", accelerator: "CmdOrCtrl+3" },
  { tab: "elicitations", label: "Elicitations", accelerator: "CmdOrCtrl+4" },
  { tab: "resources", label: "Resources", accelerator: "CmdOrCtrl+5" },
  { tab: "prompts", label: "Prompts", accelerator: "CmdOrCtrl+6" },
  { tab: "logs", label: "Logs", accelerator: "CmdOrCtrl+7" },
];

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Reload and developer tools only while developing; a user reloading would just lose the view state. */
  isDev: boolean;
  appName: string;
  navigate(tab: InspectorTab): void;
}

export function buildMenuTemplate({ platform, isDev, appName, navigate }: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === "darwin";
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: appName,
      submenu: [{ role: "about" }, { type: "separator" }, { role: "services" }, { type: "separator" }, { role: "hide" }, { role: "hideOthers" }, { role: "unhide" }, { type: "separator" }, { role: "quit" }],
    });
  }
  template.push({ label: "File", submenu: [mac ? { role: "close" } : { role: "quit" }] });
  template.push({
    label: "Edit",
    submenu: [{ role: "undo" }, { role: "redo" }, { type: "separator" }, { role: "cut" }, { role: "copy" }, { role: "paste" }, { role: "selectAll" }],
  });
  template.push({
    label: "View",
    submenu: [
      ...TAB_SHORTCUTS.map(({ tab, label, accelerator }): MenuItemConstructorOptions => ({ label, accelerator, click: () => navigate(tab) })),
      { type: "separator" },
      ...(isDev ? ([{ role: "reload" }, { role: "forceReload" }, { role: "toggleDevTools" }, { type: "separator" }] as MenuItemConstructorOptions[]) : []),
      { role: "resetZoom" },
      { role: "zoomIn" },
      { role: "zoomOut" },
      { type: "separator" },
      { role: "togglefullscreen" },
    ],
  });
  template.push({ role: "windowMenu" });
  return template;
}
