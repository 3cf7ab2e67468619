// @vitest-environment happy-dom
// The UI in the words of each era: the era setting of a server entry (E1), the era on the session bar,
// no "Run as task" on 2026-07-28 (M2), where a modern input request came from (I1, M5), a protocol
// violation shown where the user sees it (E5), and modern task states in the Tasks tab (M3, M6).
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { runModes } from "../../renderer/src/tabs/tools/taskModes.js";
import { createFakeBridge, EVERYTHING_DEMO, runToolsLikeTheCore } from "./fakeBridge.js";
import { clientTask, elicitation, sampling, session, tool } from "./fixtures.js";
import { chooseServerAction, renderApp } from "./renderApp.js";

const modern = session({ era: "modern", protocolVersion: "2026-07-28", eraProbe: "server/discover answered: supports 2026-07-28; speaking 2026-07-28", serverCapabilities: { tools: {} } });

describe("eras in the UI", () => {
  it("E1: a server entry's era is chosen in the editor, saved with it, and sent on Connect", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const saved = { ...EVERYTHING_DEMO, id: "m", name: "mine", builtIn: false, era: "2026-07-28" as const };
    bridge.handle("saveServer", () => saved);
    bridge.handle("connect", () => session({ sessionId: "s9" }));
    bridge.handle("listServers", () => [EVERYTHING_DEMO, saved]);
    await renderApp({}, bridge);
    await chooseServerAction(user, "mine", "Edit…");
    const form = screen.getByRole("form", { name: "Edit server mine" });
    const era = within(form).getByLabelText("Protocol era") as HTMLSelectElement;
    expect(era.value).toBe("2026-07-28");
    await user.selectOptions(era, "2025-11-25 (initialize)");
    await user.click(within(form).getByRole("button", { name: "Save server" }));
    expect(bridge.callsOf("saveServer")[0]).toMatchObject({ id: "m", server: { era: "2025-11-25" } });
    await user.click(within(screen.getByRole("group", { name: "mine" })).getByRole("button", { name: "Connect" }));
    expect(bridge.callsOf("connect")[0]).toMatchObject({ server: { era: "2026-07-28" } });
  });

  it("E1: the session bar names the era and version, with the probe's finding", async () => {
    await renderApp({ sessions: [modern] }, createFakeBridge());
    const era = screen.getByText("2026-07-28 · stateless");
    expect(era.getAttribute("title")).toBe(modern.eraProbe);
  });

  it("M2: no Run as task on a 2026-07-28 session, whatever the tool says; the tool detail says why", async () => {
    const user = userEvent.setup();
    expect(runModes(modern, tool("t", { execution: { taskSupport: "required" } }))).toEqual({ run: true, runAsTask: false });
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("slow", { execution: { taskSupport: "required" } })] }));
    runToolsLikeTheCore(bridge, () => ({ taskId: "t-9" }));
    await renderApp({ sessions: [modern] }, bridge);
    await user.click(await screen.findByRole("button", { name: "slow" }));
    const form = screen.getByRole("form", { name: "Arguments for slow" });
    expect(within(form).queryByRole("button", { name: "Run as task" })).toBeNull();
    expect(screen.getByText(/the server decides whether a call runs as a task/)).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Run" }));
    const run = await screen.findByRole("article", { name: "Run 1: slow" });
    expect(await within(run).findByText("task t-9")).toBeTruthy();
    expect(within(run).getByText("The server ran this call as a task (2026-07-28: the server decides).")).toBeTruthy();
  });

  it("I1, M5: a modern input request says whether a round or a task asked, and under which key", async () => {
    await renderApp(
      {
        sessions: [modern],
        pendingInputs: [
          elicitation("e1", { message: "Name?", requestedSchema: { type: "object", properties: {} } }, { modern: { via: "mrtr", key: "name", round: 2 } }),
          sampling("p1", { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 5 }, { modern: { via: "task", key: "summary" }, relatedTaskId: "t-1" }),
        ],
      },
      createFakeBridge(),
    );
    await userEvent.setup().click(screen.getByRole("tab", { name: "Elicitations" }));
    expect(screen.getByText(/a multi round-trip request, round 2 · key/).textContent).toContain("name");
    await userEvent.setup().click(screen.getByRole("tab", { name: "Sampling" }));
    expect(screen.getByText(/a 2026-07-28 task \(answered with tasks\/update\) · key/).textContent).toContain("summary");
  });

  it("E5: a protocol violation by a modern server is shown on the session bar", async () => {
    await renderApp({ sessions: [{ ...modern, violations: ['The server sent a "elicitation/create" request, which 2026-07-28 forbids'] }] }, createFakeBridge());
    expect(within(screen.getByRole("alert")).getByText(/^Protocol violation/).textContent).toBe('Protocol violation (1): The server sent a "elicitation/create" request, which 2026-07-28 forbids');
  });

  it("M3, M6, M7: modern task rows say 2026, cancel requested, purged or expired, live updates; Cancel is not offered twice", async () => {
    const user = userEvent.setup();
    await renderApp(
      {
        sessions: [modern],
        clientTasks: [
          clientTask("asked", { era: "modern", cancelRequested: true }),
          clientTask("purged", { era: "modern", gone: "purged" }),
          clientTask("streamed", { era: "modern", listening: true }),
          clientTask("legacy"),
        ],
      },
      createFakeBridge(),
    );
    await user.click(screen.getByRole("tab", { name: "Tasks" }));
    const row = (id: string) => screen.getAllByRole("row").find((r) => within(r).queryByText(id, { exact: true }))!;
    expect(within(row("asked")).getByText("· cancel requested")).toBeTruthy();
    expect(within(row("asked")).queryByRole("button", { name: "Cancel task asked" })).toBeNull();
    expect(within(row("asked")).getByText("· 2026")).toBeTruthy();
    // The status says the task went, not the "working" it last had (issue 19).
    expect(within(row("purged")).getByText("deleted", { exact: true, selector: ".status" })).toBeTruthy();
    // M7: a task the server notifies about on the listen stream says so, in plain words; the protocol's on hover.
    const live = within(row("streamed")).getByText("· 2026 · live updates");
    expect(live.getAttribute("title")).toMatch(/notifications\/tasks on the subscriptions\/listen stream/);
    expect(within(row("legacy")).queryByText("· 2026")).toBeNull();
    expect(within(row("legacy")).getByRole("button", { name: "Cancel task legacy" })).toBeTruthy();
  });

  it("I5, E6: the Logs tab shows a call's rounds as one exchange and flags remarks; sampling and logging are marked deprecated on 2026-07-28", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const at = new Date(0).toISOString();
    bridge.handle("getLog", () => ({
      entries: [
        { seq: 1, sessionId: "s1", direction: "out" as const, time: at, method: "tools/call", id: 4, payload: {}, exchange: { call: 1, round: 1 } },
        { seq: 2, sessionId: "s1", direction: "out" as const, time: at, method: "tools/call", id: 5, payload: {}, exchange: { call: 1, round: 2 } },
        { seq: 3, sessionId: "s1", direction: "in" as const, time: at, method: "elicitation/create", id: "x", payload: {}, remark: "Protocol violation: …" },
      ],
      stderr: [],
    }));
    await renderApp({ sessions: [modern], pendingInputs: [sampling("p1", { messages: [], maxTokens: 5 }, { modern: { via: "mrtr", key: "k", round: 1 } })] }, bridge);
    await user.click(screen.getByRole("tab", { name: "Logs" }));
    // The method is a name of its own (shown as the server wrote it) inside the cell's text.
    const cellText = (text: string) => (_: string, element: Element | null) => element?.tagName === "SPAN" && element.textContent === text && !element.classList.contains("shown-name");
    expect(await screen.findByText(cellText("tools/call · call 1, round 2"))).toBeTruthy();
    expect(screen.getByText(cellText("elicitation/create ⚑")).getAttribute("title")).toBe("Protocol violation: …");
    expect(screen.getByText(/Logging is deprecated in 2026-07-28/)).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Sampling" }));
    expect(screen.getByText(/Sampling is deprecated in 2026-07-28/)).toBeTruthy();
  });

  it("E6, issue 21: cache hints of lists and reads are said in a server author's words (terms on hover) and start no refetch; a list change and a resource update are shown; Subscribe rides the listen stream on 2026-07-28", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const now = Date.now();
    const withResources = { ...modern, serverCapabilities: { tools: {}, resources: {} } };
    bridge.handle("listTools", () => ({ tools: [tool("echo")], cache: { ttlMs: 60_000, cacheScope: "public", receivedAt: now } }));
    bridge.handle("listResources", () => ({ resources: [{ uri: "note://one", name: "one" }], cache: { ttlMs: 0, cacheScope: "private", receivedAt: now } }));
    bridge.handle("listResourceTemplates", () => ({ resourceTemplates: [] }));
    bridge.handle("readResource", () => ({ contents: [{ uri: "note://one", text: "hello" }], ttlMs: -5, cacheScope: "shared" }));
    bridge.handle("subscribeResource", () => ({ ok: true }));
    await renderApp({ sessions: [withResources] }, bridge);
    const hints = await screen.findByRole("note", { name: "Cache hints of the tool list" });
    // Issue 21: in a server author's words; the protocol's terms on hover.
    expect(hints.textContent).toMatch(/^Caching: reusable for (59s|1m 00s) more · any cache may keep a copy$/);
    expect(hints.getAttribute("title")).toMatch(/^ttlMs 60000 · cacheScope "public"\. /);

    await user.click(screen.getByRole("tab", { name: "Resources" }));
    const listHints = await screen.findByRole("note", { name: "Cache hints of the resource list" });
    expect(listHints.textContent).toBe("Caching: not reusable, fetch it again each time · only this user's client may keep a copy");
    expect(listHints.getAttribute("title")).toMatch(/^ttlMs 0 · cacheScope "private"\. /);
    // A template list without hints on 2026-07-28 is not shown when there are no templates.
    expect(screen.queryByRole("note", { name: "Cache hints of the template list" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Read note://one" }));
    expect((await screen.findByRole("note", { name: "Cache hints of the resource read" })).textContent).toBe(
      'Caching: not reusable, fetch it again each time (a negative lifetime counts as none) · unknown cache scope "shared" (neither public nor private)',
    );
    await user.click(screen.getByRole("button", { name: "Subscribe to updates" }));
    expect(bridge.callsOf("subscribeResource")).toEqual([{ sessionId: "s1", uri: "note://one" }]);

    bridge.emit(
      { type: "sessionChanged", payload: { ...withResources, resourceSubscriptions: ["note://one"] } },
      { type: "resourceUpdated", payload: { sessionId: "s1", uri: "note://one", at: Date.now() + 1000 } },
      { type: "logEntry", payload: { seq: 9, sessionId: "s1", direction: "in", time: new Date().toISOString(), method: "notifications/resources/list_changed", payload: {} } },
    );
    expect(screen.getByRole("button", { name: "Unsubscribe" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/^The server said it changed at /).textContent).toMatch(/^The server said it changed at [0-9:]+\. Read again$/);
    expect(screen.getByText("The server says its resources changed: refresh to see them.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Read again" }));
    expect(bridge.callsOf("readResource")).toHaveLength(2);
    // Only the user's clicks fetched: one list of each, whatever the hints said.
    expect(bridge.callsOf("listResources")).toHaveLength(1);
    expect(bridge.callsOf("listTools")).toHaveLength(1);
  });
});
