// @vitest-environment happy-dom
// A server entry's "…" menu: the less frequent actions (edit or duplicate, diagnose, sign out, remove) in
// one menu, so an entry takes three lines. Its code (Radix) is a chunk of its own: a press before it is in
// still opens the menu, and the focus always comes back to the button. Not "./setup.js" here: it preloads
// every chunk, and the first test is about a press before this one is in.
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeBridge, EVERYTHING_DEMO } from "./fakeBridge.js";
import { session } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

afterEach(() => cleanup());
configure({ asyncUtilTimeout: 15_000 });
// The window preloads its chunks once idle: here it never is, so only a press fetches the menu's code.
window.requestIdleCallback = () => 0;
window.cancelIdleCallback = () => {};

const MINE = { ...EVERYTHING_DEMO, id: "m", name: "mine", builtIn: false };

describe("a server entry's menu", () => {
  it("a press before the menu's code is in opens it once the code arrives; arrows move through it; Escape gives the focus back", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listServers", () => [EVERYTHING_DEMO, MINE]);
    await renderApp({}, bridge);
    const entry = screen.getByRole("group", { name: "mine" });
    const standIn = within(entry).getByRole("button", { name: "More actions for mine" });
    // The stand-in: a plain button, not yet Radix's trigger (which carries data-state).
    expect(standIn.hasAttribute("data-state")).toBe(false);
    expect(standIn.getAttribute("aria-haspopup")).toBe("menu");
    await user.click(standIn);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Edit…", "Duplicate…", "Diagnose…", "Remove…"]);
    const button = within(entry).getByRole("button", { name: "More actions for mine" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Edit…");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Duplicate…");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(entry).getByRole("button", { name: "More actions for mine" })));
    // Connect (or Disconnect and Restart) stay buttons of their own, beside the menu; a name without a
    // session is plain text, not a disabled button.
    expect(within(entry).getAllByRole("button").map((b) => b.textContent || b.getAttribute("aria-label"))).toEqual(["Connect", "More actions for mine"]);
  });

  it("Diagnose… opens the doctor's dialog for that server, its report copies as the CLI prints it, and closed, the focus is back on the menu button", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listServers", () => [EVERYTHING_DEMO, MINE]);
    bridge.handle("diagnoseServer", () => ({
      server: "node server.js",
      transport: "stdio" as const,
      steps: [{ id: "stdio.command", title: "Start the process", status: "passed" as const, durationMs: 3, seen: "started" }],
      passed: 1,
      failed: 0,
      skipped: 0,
    }));
    await renderApp({ sessions: [session({ sessionId: "s1", serverId: "m", serverName: "mine", state: "connected" })] }, bridge);
    const entry = screen.getByRole("group", { name: "mine" });
    // Live: Disconnect and Restart in sight, the rest in the menu.
    expect(within(entry).getByRole("button", { name: "Restart server mine" })).toBeTruthy();
    await user.click(within(entry).getByRole("button", { name: "More actions for mine" }));
    await user.click(await screen.findByRole("menuitem", { name: "Diagnose…" }));
    const dialog = await screen.findByRole("dialog", { name: "Diagnose mine" });
    expect(bridge.callsOf("diagnoseServer")[0]?.server).toMatchObject({ transport: MINE.transport });
    expect(await within(dialog).findByText("No step failed: 1 passed, 0 failed, 0 skipped")).toBeTruthy();
    // Copy: the report as the CLI prints it.
    const copied: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
    await user.click(within(dialog).getByRole("button", { name: "Copy the doctor's report" }));
    await waitFor(() => expect(copied).toEqual(["Diagnosing node server.js (stdio)\npass  Start the process (3 ms)\n      started\n1 passed, 0 failed, 0 skipped\n"]));
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(entry).getByRole("button", { name: "More actions for mine" })));
  });

  it("Duplicate… on any entry opens Add server on a copy of it, named as a copy; saved, it is a new entry", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const mine = { ...MINE, transport: { type: "stdio" as const, command: "node", args: ["build/index.js", "--verbose"], env: { LEVEL: "debug" } } };
    bridge.handle("listServers", () => [EVERYTHING_DEMO, mine]);
    bridge.handle("saveServer", ({ server }) => ({ ...mine, ...server, id: "copy" }) as never);
    await renderApp({}, bridge);
    await user.click(within(screen.getByRole("group", { name: "mine" })).getByRole("button", { name: "More actions for mine" }));
    await user.click(await screen.findByRole("menuitem", { name: "Duplicate…" }));
    const form = screen.getByRole("form", { name: "Add server" });
    expect((within(form).getByLabelText("Name") as HTMLInputElement).value).toBe("mine (copy)");
    expect((within(form).getByLabelText("Command") as HTMLInputElement).value).toBe("node");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    const saved = bridge.callsOf("saveServer")[0]!.server;
    expect(saved).toMatchObject({ name: "mine (copy)", transport: { command: "node", args: ["build/index.js", "--verbose"], env: { LEVEL: "debug" } } });
    expect((saved as { id?: string }).id).toBeUndefined();
  });

  it("Shift+F10 or the context-menu key in an entry opens its menu, and so does a right click on its head", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listServers", () => [EVERYTHING_DEMO, MINE]);
    await renderApp({}, bridge);
    const entry = screen.getByRole("group", { name: "mine" });
    within(entry).getByRole("button", { name: "Connect" }).focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    expect(within(await screen.findByRole("menu")).getAllByRole("menuitem")[0]!.textContent).toBe("Edit…");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    within(entry).getByRole("button", { name: "Connect" }).focus();
    await user.keyboard("{ContextMenu}");
    await screen.findByRole("menu");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    // A right click on the name opens it; on the command line (text one may copy) it leaves the browser's own menu.
    await user.pointer({ keys: "[MouseRight]", target: within(entry).getByText("mine") });
    await screen.findByRole("menu");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    const command = entry.querySelector(".server-transport")!;
    const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    command.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("Remove… asks first; declined, nothing is removed and the focus is back on the menu button", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listServers", () => [EVERYTHING_DEMO, MINE]);
    await renderApp({}, bridge);
    const confirm = window.confirm;
    const asked: string[] = [];
    window.confirm = (message?: string) => {
      asked.push(String(message));
      return false;
    };
    try {
      const entry = screen.getByRole("group", { name: "mine" });
      await user.click(within(entry).getByRole("button", { name: "More actions for mine" }));
      await user.click(await screen.findByRole("menuitem", { name: "Remove…" }));
      expect(asked).toEqual(['Remove the saved server "mine"?']);
      expect(bridge.callsOf("removeServer")).toEqual([]);
      await waitFor(() => expect(document.activeElement).toBe(within(entry).getByRole("button", { name: "More actions for mine" })));
    } finally {
      window.confirm = confirm;
    }
  });
});
