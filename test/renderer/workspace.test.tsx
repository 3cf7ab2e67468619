// @vitest-environment happy-dom
// The workspace in the page: the docked panel (Logs, Tasks, Waiting on you) beside any tab and remembered;
// drawers that close on Escape with focus back; Settings in a dialog of their own, grouped, with no rule id
// in a label; a finished task's status message said as its last one, with its time.
import "./setup.js";
import { screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { createFakeBridge, EVERYTHING_DEMO } from "./fakeBridge.js";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { DOCK_KEY, readDock } from "../../renderer/src/app/dock.js";
import { formatClock } from "../../renderer/src/util/time.js";
import { clientTask, elicitation, sampling, session, tool, toolRun } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

afterEach(() => localStorage.clear());

describe("the docked panel", () => {
  it("shows Logs, Tasks or Waiting on you beside the open tab; Ctrl+J opens it; it is remembered (side, view, open)", async () => {
    const user = userEvent.setup();
    const older = sampling("p1", { messages: [{ role: "user", content: { type: "text", text: "Name a fish" } }] }, { receivedAt: "2026-01-01T10:00:00.000Z" });
    const newer = elicitation("p2", { message: "Your <b>name</b>? \u202Eyeht", requestedSchema: { type: "object", properties: {} } }, { receivedAt: "2026-01-01T10:05:00.000Z" });
    const { unmount } = await renderApp({ sessions: [session()], pendingInputs: [newer, older] });
    expect(screen.queryByRole("region", { name: "Docked panel" })).toBeNull();
    await user.keyboard("{Control>}j{/Control}");
    const dock = screen.getByRole("region", { name: "Docked panel" });
    expect(screen.getByRole("button", { name: /^Hide panel/ }).getAttribute("aria-expanded")).toBe("true");
    expect(within(dock).getByRole("button", { name: "Logs" }).getAttribute("aria-pressed")).toBe("true");
    expect(await within(dock).findByRole("region", { name: "Protocol messages" })).toBeTruthy();
    // The Tools tab stays open above it.
    expect(tabNamed("Tools").getAttribute("aria-selected")).toBe("true");

    // Waiting on you: oldest first, the server's words as text, each with a way to answer it.
    await user.click(within(dock).getByRole("button", { name: /^Waiting on you/ }));
    const list = within(dock).getByRole("list", { name: "Requests waiting on you" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".waiting-kind")?.textContent)).toEqual(["Sampling", "Elicitation"]);
    // An override in its words shows as a marker: they read in the order the server sent them.
    expect(items[1]!.textContent).toContain("Your <b>name</b>? ⟨U+202E⟩yeht");
    expect(list.querySelector("b")).toBeNull();
    await user.click(within(items[1]!).getByRole("button", { name: /^Answer the elicitation request from / }));
    expect(tabNamed("Elicitations").getAttribute("aria-selected")).toBe("true");

    // One view is never drawn twice: with the Tasks tab open, the panel's Tasks points to it.
    await user.click(within(dock).getByRole("button", { name: "Tasks" }));
    await user.click(tabNamed("Tasks"));
    expect(within(dock).getByText(/Tasks is the open tab/)).toBeTruthy();
    expect(screen.getAllByRole("table", { name: "Tasks" })).toHaveLength(1);

    await user.click(within(dock).getByRole("button", { name: "Dock on the right" }));
    expect(readDock(localStorage.getItem(DOCK_KEY))).toEqual({ open: true, side: "right", view: "tasks" });
    unmount();
    await renderApp({ sessions: [session()] });
    const again = screen.getByRole("region", { name: "Docked panel" });
    expect(within(again).getByRole("button", { name: "Tasks" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(again).getByRole("button", { name: "Dock at the bottom" })).toBeTruthy();
    await user.click(within(again).getByRole("button", { name: "Close the docked panel" }));
    expect(screen.queryByRole("region", { name: "Docked panel" })).toBeNull();
    expect(readDock(localStorage.getItem(DOCK_KEY)).open).toBe(false);
  });

  it("the dialog switched off: a request that arrives opens the docked panel on Waiting on you; one waiting at load leaves it as remembered", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], pendingInputs: [elicitation("p0", { message: "From before", requestedSchema: { type: "object", properties: {} } })] });
    expect(screen.queryByRole("region", { name: "Docked panel" })).toBeNull();
    // Open on Logs: a new request switches it to the requests.
    await user.keyboard("{Control>}j{/Control}");
    expect(within(screen.getByRole("region", { name: "Docked panel" })).getByRole("button", { name: "Logs" }).getAttribute("aria-pressed")).toBe("true");
    await user.keyboard("{Control>}j{/Control}");
    expect(screen.queryByRole("region", { name: "Docked panel" })).toBeNull();
    bridge.emit({ type: "pendingInputAdded", payload: sampling("p1", { messages: [{ role: "user", content: { type: "text", text: "Name a fish" } }] }) });
    const dock = await screen.findByRole("region", { name: "Docked panel" });
    expect(within(dock).getByRole("button", { name: /^Waiting on you/ }).getAttribute("aria-pressed")).toBe("true");
    expect(within(dock).getByRole("button", { name: /^Answer the sampling request from / })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(tabNamed("Tools").getAttribute("aria-selected")).toBe("true");
  });

  it("once nothing waits, a panel the arrival opened goes back to how the user left it: closed, or on its view; the stored state too", async () => {
    const user = userEvent.setup();
    const { bridge, unmount } = await renderApp({ sessions: [session()] });
    const fish = sampling("p1", { messages: [{ role: "user", content: { type: "text", text: "Name a fish" } }] });
    bridge.emit({ type: "pendingInputAdded", payload: fish });
    await screen.findByRole("region", { name: "Docked panel" });
    // Another arrives and leaves again: one still waits, the panel stays.
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("p2", { message: "Your name?", requestedSchema: { type: "object", properties: {} } }) });
    bridge.emit({ type: "pendingInputWithdrawn", payload: { pendingInputId: "p2", sessionId: "s1", reason: "requestCancelled", message: "The request was cancelled" } });
    await waitFor(() => expect(screen.getAllByRole("button", { name: /^Answer the / })).toHaveLength(1));
    expect(screen.getByRole("region", { name: "Docked panel" })).toBeTruthy();
    bridge.emit({ type: "pendingInputAnswered", payload: { pendingInputId: "p1", sessionId: "s1" } });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Docked panel" })).toBeNull());
    expect(JSON.parse(localStorage.getItem(DOCK_KEY)!)).toEqual({ open: false, side: "bottom", view: "logs" });

    // Open on Tasks: an arrival shows the requests, and the panel comes back to Tasks when it is withdrawn.
    await user.keyboard("{Control>}j{/Control}");
    const dock = screen.getByRole("region", { name: "Docked panel" });
    await user.click(within(dock).getByRole("button", { name: "Tasks" }));
    bridge.emit({ type: "pendingInputAdded", payload: sampling("p3", fish.params) });
    await waitFor(() => expect(within(dock).getByRole("button", { name: /^Waiting on you/ }).getAttribute("aria-pressed")).toBe("true"));
    bridge.emit({ type: "pendingInputWithdrawn", payload: { pendingInputId: "p3", sessionId: "s1", reason: "requestCancelled", message: "The request was cancelled" } });
    await waitFor(() => expect(within(dock).getByRole("button", { name: "Tasks" }).getAttribute("aria-pressed")).toBe("true"));
    expect(JSON.parse(localStorage.getItem(DOCK_KEY)!)).toEqual({ open: true, side: "bottom", view: "tasks" });

    // A reload while the arrival's panel is open: answered meanwhile, it is closed again as the user left it.
    await user.click(within(dock).getByRole("button", { name: "Close the docked panel" }));
    bridge.emit({ type: "pendingInputAdded", payload: sampling("p4", fish.params) });
    await screen.findByRole("region", { name: "Docked panel" });
    unmount();
    await renderApp({ sessions: [session()] });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Docked panel" })).toBeNull());
    expect(readDock(localStorage.getItem(DOCK_KEY))).toEqual({ open: false, side: "bottom", view: "tasks" });
  });

  it("a panel the user changed after the arrival opened it, or had open on Waiting on you, stays open once nothing waits", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()] });
    const fish = sampling("p1", { messages: [{ role: "user", content: { type: "text", text: "Name a fish" } }] });
    bridge.emit({ type: "pendingInputAdded", payload: fish });
    const dock = await screen.findByRole("region", { name: "Docked panel" });
    await user.click(within(dock).getByRole("button", { name: "Dock on the right" }));
    bridge.emit({ type: "pendingInputAnswered", payload: { pendingInputId: "p1", sessionId: "s1" } });
    await within(dock).findByText(/^Nothing is waiting on you/);
    expect(screen.getByRole("region", { name: "Docked panel" })).toBe(dock);
    expect(JSON.parse(localStorage.getItem(DOCK_KEY)!)).toEqual({ open: true, side: "right", view: "waiting" });

    // Already open on Waiting on you: an arrival and its answer leave it so.
    bridge.emit({ type: "pendingInputAdded", payload: sampling("p2", fish.params) });
    await within(dock).findByRole("button", { name: /^Answer the sampling request from / });
    bridge.emit({ type: "pendingInputAnswered", payload: { pendingInputId: "p2", sessionId: "s1" } });
    await within(dock).findByText(/^Nothing is waiting on you/);
    expect(screen.getByRole("region", { name: "Docked panel" })).toBe(dock);
    expect(JSON.parse(localStorage.getItem(DOCK_KEY)!)).toEqual({ open: true, side: "right", view: "waiting" });
  });

  it("docked, Logs is for watching: the filters and Follow newest, no recording actions; 'Open the Logs tab' leads to them", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session()] });
    await user.keyboard("{Control>}j{/Control}");
    const dock = screen.getByRole("region", { name: "Docked panel" });
    const messages = await within(dock).findByRole("region", { name: "Protocol messages" });
    expect(within(messages).getByRole("searchbox", { name: "Search in payloads" })).toBeTruthy();
    expect(within(messages).getByRole("button", { name: "Follow newest" })).toBeTruthy();
    // The heading is for the tab's outline only: the panel's own "Logs" names it on screen.
    expect(within(messages).getByRole("heading", { name: "Protocol messages" }).className).toBe("visually-hidden");
    for (const name of ["Save recording…", "Open recording…", "Set mark"]) expect(within(dock).queryByRole("button", { name })).toBeNull();

    await user.click(within(dock).getByRole("button", { name: "Open the Logs tab" }));
    expect(tabNamed("Logs").getAttribute("aria-selected")).toBe("true");
    expect(within(dock).getByText(/Logs is the open tab/)).toBeTruthy();
    const panel = screen.getByRole("tabpanel");
    expect(await within(panel).findByRole("button", { name: "Save recording…" })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Open recording…" })).toBeTruthy();
    expect(within(panel).queryByRole("button", { name: "Open the Logs tab" })).toBeNull();
  });

  it("a stored dock state that is not one reads as the default", () => {
    expect(readDock("{not json")).toEqual({ open: false, side: "bottom", view: "logs" });
    expect(readDock(JSON.stringify({ open: "yes", side: "left", view: "<script>" }))).toEqual({ open: false, side: "bottom", view: "logs" });
  });
});

describe("drawers and dialogs", () => {
  it("Server facts open in a drawer that takes focus; Escape closes it and focus goes back to its button", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ era: "legacy", protocolVersion: "2025-11-25" })] });
    const button = screen.getByRole("button", { name: "Server facts" });
    await user.click(button);
    const drawer = screen.getByRole("dialog", { name: "Server facts" });
    expect(document.activeElement).toBe(drawer);
    expect(within(drawer).getByRole("region", { name: "Server facts" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Server facts" })).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await new Promise((resolve) => setTimeout(resolve, 0)); // Radix gives focus back in the next task
    expect(document.activeElement).toBe(button);
  });

  it("a task's Details open in a drawer beside the table; Escape closes it and focus goes back to Details", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session()], clientTasks: [clientTask("c1")] });
    await user.click(tabNamed("Tasks"));
    const details = screen.getByRole("button", { name: "Details of task c1" });
    await user.click(details);
    const drawer = screen.getByRole("region", { name: "Task details drawer" });
    expect(document.activeElement).toBe(drawer);
    expect(screen.getByRole("separator", { name: "Resize the task details" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Task details drawer" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Details of task c1" }));
  });

  it("Settings open in a dialog of their own, in groups, with no rule id in any label", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session()] });
    const open = screen.getByRole("button", { name: "Settings" });
    await user.click(open);
    const dialog = screen.getByRole("dialog", { name: "Inspector settings" });
    const groups = within(dialog)
      .getAllByRole("group")
      .map((g) => g.querySelector("legend")?.textContent);
    expect(groups).toEqual(expect.arrayContaining(["Theme", "Notifications", "Message log", "Requests", "Tasks servers run on this inspector"]));
    const labels = [...dialog.querySelectorAll("label")].map((l) => l.textContent ?? "");
    expect(labels.length).toBeGreaterThan(10);
    for (const label of labels) expect(label).not.toMatch(/\b[SMRIEQ]\d+\b/);
    // The ids stay in a hint, for those who look them up.
    expect(dialog.textContent).toMatch(/\(S2\)/);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Inspector settings" })).toBeNull();
  });
});

describe("a finished task's status message", () => {
  it("reads as its last message with its time; a running task's as its status message", async () => {
    const user = userEvent.setup();
    const done = clientTask("c1", { status: "completed" });
    done.task = { ...done.task, statusMessage: "Generating report...", lastUpdatedAt: "2026-01-01T10:00:07.000Z" };
    const running = clientTask("c2", { status: "working" });
    running.task = { ...running.task, statusMessage: "Reading sources" };
    await renderApp({ sessions: [session()], clientTasks: [done, running] });
    await user.click(tabNamed("Tasks"));
    await user.click(screen.getByRole("button", { name: "Details of task c1" }));
    const drawer = screen.getByRole("region", { name: "Task details drawer" });
    expect(within(drawer).getByText(`Last message at ${formatClock("2026-01-01T10:00:07.000Z")}: Generating report...`)).toBeTruthy();
    expect(within(drawer).queryByText(/^Status message:/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Details of task c2" }));
    expect(within(screen.getByRole("region", { name: "Task details drawer" })).getByText("Status message: Reading sources")).toBeTruthy();
    // In the table too (its Message column is drawn with the details closed): the finished task's message
    // is marked as its last, whole on hover.
    await user.click(within(screen.getByRole("region", { name: "Task details drawer" })).getByRole("button", { name: "Close task details" }));
    const cells = (id: string) => within(screen.getByText(id, { selector: "code" }).closest<HTMLElement>('[role="row"]')!).getAllByRole("cell");
    const message = cells("c1")[4]!;
    expect(message.textContent).toBe("last: Generating report...");
    expect(message.querySelector("[title]")?.getAttribute("title")).toBe("Last message: Generating report...");
    expect(cells("c2")[4]!.textContent).toBe("Reading sources");
  });

  it("the run that became a finished task says its last message with its time, as its Details do", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("simulate-research-query")] }));
    const done = clientTask("c1", { status: "completed" });
    done.task = { ...done.task, statusMessage: "Generating report...", lastUpdatedAt: "2026-01-01T10:00:07.000Z" };
    await renderApp({ sessions: [session()], clientTasks: [done], toolRuns: [toolRun(1, { toolName: "simulate-research-query", asTask: true, taskId: "c1", status: "done" })] }, bridge);
    await userEvent.setup().click(await screen.findByRole("button", { name: "simulate-research-query" }));
    const run = within(screen.getByRole("article", { name: "Run 1: simulate-research-query as task" }));
    expect(run.getByText(`Last message at ${formatClock("2026-01-01T10:00:07.000Z")}: Generating report...`)).toBeTruthy();
  });
});

describe("the command palette", () => {
  it("Ctrl+K: open a tab, answer the oldest waiting request, open a tool's form, switch the theme, open a recording, disconnect a server", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo", { inputSchema: { type: "object", properties: { message: { type: "string" } } } })] }));
    bridge.handle("updateSettings", (patch) => ({ ...DEFAULT_SETTINGS, ...patch }));
    bridge.handle("disconnect", () => ({ ok: true }));
    bridge.handle("connect", () => session());
    const older = sampling("p1", {}, { receivedAt: "2026-01-01T10:00:00.000Z" });
    const newer = elicitation("p2", { message: "Name?", requestedSchema: { type: "object", properties: {} } }, { receivedAt: "2026-01-01T10:05:00.000Z" });
    await renderApp({ sessions: [session({ serverCapabilities: { tools: {} } })], pendingInputs: [newer, older] }, bridge);
    const palette = async () => {
      await user.keyboard("{Control>}k{/Control}");
      // Its chunk loads the first time it opens.
      return screen.findByRole("dialog", { name: "Command palette" });
    };

    let dialog = await palette();
    await user.type(within(dialog).getByRole("combobox"), "open prompts");
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("dialog", { name: "Command palette" })).toBeNull();
    expect(tabNamed("Prompts").getAttribute("aria-selected")).toBe("true");

    // The oldest request is the sampling one, though the elicitation came first in the list.
    dialog = await palette();
    expect(within(dialog).getByRole("option", { name: /^Answer the oldest waiting request \(sampling from / })).toBeTruthy();
    await user.type(within(dialog).getByRole("combobox"), "answer");
    await user.keyboard("{Enter}");
    expect(tabNamed("Sampling").getAttribute("aria-selected")).toBe("true");

    await user.click(tabNamed("Tools"));
    await screen.findByRole("button", { name: "echo" });
    dialog = await palette();
    await user.click(within(dialog).getByRole("option", { name: "Run tool echo…" }));
    expect(await screen.findByRole("form", { name: "Arguments for echo" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("form", { name: "Arguments for echo" }).contains(document.activeElement)).toBe(true));

    dialog = await palette();
    await user.click(within(dialog).getByRole("option", { name: "Theme: dark" }));
    await waitFor(() => expect(bridge.callsOf("updateSettings")).toEqual([{ theme: "dark" }]));

    // Open a recording: the Logs tab, with its Open recording… button focused (Enter picks the file).
    dialog = await palette();
    await user.type(within(dialog).getByRole("combobox"), "open a recording");
    await user.keyboard("{Enter}");
    expect(tabNamed("Logs").getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Open recording…"));

    // The demo server's session is connected: the palette offers Restart and Disconnect, not Connect.
    dialog = await palette();
    expect(within(dialog).queryByRole("option", { name: "Connect Everything (demo)" })).toBeNull();
    await user.click(within(dialog).getByRole("option", { name: "Restart Everything (demo)" }));
    await waitFor(() => expect(bridge.callsOf("connect")).toHaveLength(1));
    expect(bridge.callsOf("disconnect")).toEqual([{ sessionId: "s1" }]);
    expect(bridge.callsOf("connect")[0]!.serverId).toBe("everything-demo");
    bridge.calls.length = 0;
    dialog = await palette();
    await user.click(within(dialog).getByRole("option", { name: "Disconnect Everything (demo)" }));
    await waitFor(() => expect(bridge.callsOf("disconnect")).toEqual([{ sessionId: "s1" }]));

    // Escape closes it and gives focus back.
    const before = screen.getByRole("tab", { name: "Tools" });
    before.focus();
    await palette();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Command palette" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(before));
  });

  it("Diagnose <server>… opens the doctor's dialog for that server once the palette has closed; closed, the focus is back where the user was", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("diagnoseServer", () => ({ server: "node index.js", transport: "stdio" as const, steps: [], passed: 0, failed: 0, skipped: 0 }));
    await renderApp({}, bridge);
    const before = screen.getByRole("tab", { name: "Tools" });
    before.focus();
    await user.keyboard("{Control>}k{/Control}");
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    await user.type(within(dialog).getByRole("combobox"), "diagnose every");
    await user.keyboard("{Enter}");
    const doctor = await screen.findByRole("dialog", { name: "Diagnose Everything (demo)" });
    expect(screen.queryByRole("dialog", { name: "Command palette" })).toBeNull();
    await within(doctor).findByText("No step failed: 0 passed, 0 failed, 0 skipped");
    expect(bridge.callsOf("diagnoseServer")).toHaveLength(1);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(before));
  });

  it("a fix the doctor names exactly is one button: the entry is saved with that URL and diagnosed again, and Run again keeps to it", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const remote = { ...EVERYTHING_DEMO, id: "r", name: "remote", builtIn: false, transport: { type: "streamableHttp" as const, url: "http://127.0.0.1:3001/api", headers: { "X-Key": "k" } } };
    bridge.handle("listServers", () => [EVERYTHING_DEMO, remote]);
    bridge.handle("saveServer", () => remote);
    bridge.handle("diagnoseServer", ({ server }) => {
      const url = server.transport.type === "stdio" ? "" : server.transport.url;
      const wrong = url.endsWith("/api");
      return {
        server: url,
        transport: "streamableHttp" as const,
        steps: [
          wrong
            ? { id: "http.post", title: "The endpoint answers a POST", status: "failed" as const, seen: "404 Not Found at /api", fix: "Wrong path: use http://127.0.0.1:3001/mcp.", durationMs: 1, use: { transport: "streamableHttp" as const, url: "http://127.0.0.1:3001/mcp" } }
            : { id: "http.post", title: "The endpoint answers a POST", status: "passed" as const, seen: "200", durationMs: 1 },
        ],
        passed: wrong ? 0 : 1,
        failed: wrong ? 1 : 0,
        skipped: 0,
      };
    });
    await renderApp({}, bridge);
    await user.keyboard("{Control>}k{/Control}");
    const palette = await screen.findByRole("dialog", { name: "Command palette" });
    await user.type(within(palette).getByRole("combobox"), "diagnose remote");
    await user.keyboard("{Enter}");
    const doctor = await screen.findByRole("dialog", { name: "Diagnose remote" });
    await user.click(await within(doctor).findByRole("button", { name: "Use http://127.0.0.1:3001/mcp" }));
    await within(doctor).findByText("Saved: remote now uses http://127.0.0.1:3001/mcp. Diagnosed again:");
    // Saved with the new URL, its headers kept.
    expect(bridge.callsOf("saveServer")[0]).toMatchObject({ id: "r", server: { transport: { type: "streamableHttp", url: "http://127.0.0.1:3001/mcp", headers: { "X-Key": "k" } } } });
    await within(doctor).findByText("No step failed: 1 passed, 0 failed, 0 skipped");
    await user.click(within(doctor).getByRole("button", { name: "Run again" }));
    await waitFor(() => expect(bridge.callsOf("diagnoseServer")).toHaveLength(3));
    expect(bridge.callsOf("diagnoseServer").map((c) => (c.server.transport.type === "stdio" ? "" : c.server.transport.url))).toEqual(["http://127.0.0.1:3001/api", "http://127.0.0.1:3001/mcp", "http://127.0.0.1:3001/mcp"]);
    expect(within(doctor).queryByRole("button", { name: /^Use / })).toBeNull();
  });

  it("Edit <server>… opens its editor in the sidebar, shown again if hidden, its name field focused; Duplicate… starts a new entry from it; the demo server is only duplicated", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const mine = { ...EVERYTHING_DEMO, id: "m", name: "mine", builtIn: false };
    bridge.handle("listServers", () => [EVERYTHING_DEMO, mine]);
    await renderApp({}, bridge);
    const palette = async () => {
      await user.keyboard("{Control>}k{/Control}");
      return screen.findByRole("dialog", { name: "Command palette" });
    };
    let dialog = await palette();
    expect(within(dialog).queryByRole("option", { name: "Edit Everything (demo)…" })).toBeNull();
    expect(within(dialog).getByRole("option", { name: "Duplicate Everything (demo)…" })).toBeTruthy();
    await user.keyboard("{Escape}");

    // The sidebar hidden (Ctrl+B): Edit mine… shows it with mine's editor open.
    await user.keyboard("{Control>}b{/Control}");
    expect(document.querySelector(".app")!.classList.contains("sidebar-hidden")).toBe(true);
    dialog = await palette();
    await user.type(within(dialog).getByRole("combobox"), "edit mine");
    await user.keyboard("{Enter}");
    const editor = await screen.findByRole("form", { name: "Edit server mine" });
    expect(document.querySelector(".app")!.classList.contains("sidebar-hidden")).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(within(editor).getByRole("textbox", { name: "Name" })));
    expect((within(editor).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("mine");
    await user.click(within(editor).getByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit server mine" })).toBeNull());

    await user.click(within(await palette()).getByRole("option", { name: "Duplicate mine…" }));
    const copy = await screen.findByRole("form", { name: "Add server" });
    expect((within(copy).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toMatch(/^mine/);
  });

  it("'Load a tool' opens the Checks tab's Load pane with its tool picker focused; 'Run the checks' comes back to the checks", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("echo")] }));
    await renderApp({ sessions: [session({ serverCapabilities: { tools: {} } })] }, bridge);
    const palette = async () => {
      await user.keyboard("{Control>}k{/Control}");
      return screen.findByRole("dialog", { name: "Command palette" });
    };
    await user.click(within(await palette()).getByRole("option", { name: "Load a tool…" }));
    expect(tabNamed("Checks").getAttribute("aria-selected")).toBe("true");
    const pane = await screen.findByRole("region", { name: "Load" });
    await waitFor(() => expect(document.activeElement).toBe(within(pane).getByRole("combobox", { name: "Tool" })));
    await user.click(within(await palette()).getByRole("option", { name: "Run the checks…" }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Run all checks"));
    expect(screen.queryByRole("region", { name: "Load" })).toBeNull();
  });
});
