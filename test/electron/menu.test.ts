import type { MenuItemConstructorOptions } from "electron";
import { describe, expect, it, vi } from "vitest";
import { InspectorTabSchema } from "../../shared/contract.js";
import { buildMenuTemplate, TAB_SHORTCUTS } from "../../main/electron/menu.js";

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

const roles = (items: MenuItemConstructorOptions[]) => flatten(items).map((i) => i.role).filter(Boolean);

describe("application menu", () => {
  it("has the usual edit roles and quit", () => {
    for (const platform of ["linux", "win32", "darwin"] as const) {
      const template = buildMenuTemplate({ platform, isDev: false, appName: "MCP Task Inspector", navigate: () => {} });
      expect(roles(template)).toEqual(expect.arrayContaining(["undo", "redo", "cut", "copy", "paste", "selectAll", "quit", "windowMenu"]));
    }
  });

  it("macOS gets its app menu with about/hide/quit", () => {
    const template = buildMenuTemplate({ platform: "darwin", isDev: false, appName: "MCP Task Inspector", navigate: () => {} });
    expect(template[0]!.label).toBe("MCP Task Inspector");
    expect(roles([template[0]!])).toEqual(expect.arrayContaining(["about", "hide", "quit"]));
  });

  it("reload and developer tools only in development", () => {
    const dev = roles(buildMenuTemplate({ platform: "linux", isDev: true, appName: "x", navigate: () => {} }));
    const prod = roles(buildMenuTemplate({ platform: "linux", isDev: false, appName: "x", navigate: () => {} }));
    expect(dev).toEqual(expect.arrayContaining(["reload", "forceReload", "toggleDevTools"]));
    expect(prod).not.toContain("reload");
    expect(prod).not.toContain("forceReload");
    expect(prod).not.toContain("toggleDevTools");
  });

  it("one shortcut per tab, each switching to its tab", () => {
    const navigate = vi.fn();
    const items = flatten(buildMenuTemplate({ platform: "linux", isDev: false, appName: "x", navigate })).filter((i) => i.accelerator);
    expect(TAB_SHORTCUTS.map((s) => s.tab).sort()).toEqual([...InspectorTabSchema.options].sort());
    expect(items.map((i) => i.label)).toEqual(["Tools", "Tasks", "Sampling", "Elicitations", "Resources", "Prompts", "Logs"]);
    expect(new Set(items.map((i) => i.accelerator)).size).toBe(items.length);
    for (const item of items) (item.click as () => void)();
    expect(navigate.mock.calls.map((c) => c[0])).toEqual(["tools", "tasks", "sampling", "elicitations", "resources", "prompts", "logs"]);
  });
});
