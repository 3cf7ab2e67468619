// Issue 13, over real stdio: the session's roots (reaching server-everything's get-roots-list, kept with the
// saved entry across a reconnect and a restart, offered on 2026-07-28 too), Connect reusing an ended
// session's place, and removing an ended session.
import { describe, expect, it } from "vitest";
import { InspectorCore } from "../../main/core/inspectorCore.js";
import { MemoryStorage } from "../../main/core/storage.js";
import type { SavedServer } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { everythingServer, fixtureServer } from "../helpers/servers.js";

const text = (result: { content: unknown[] }) => String((result.content[0] as { text?: unknown } | undefined)?.text);
const ROOTS = [
  { uri: "file:///work/project", name: "Project" },
  { uri: "file:///tmp/scratch%20space" },
];

describe("roots", () => {
  it("legacy: set in a session, server-everything's get-roots-list returns them (sent with notifications/roots/list_changed)", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { ...everythingServer(), era: "2025-11-25" } });
    const before = text(await h.core.dispatch("callTool", { sessionId, name: "get-roots-list", arguments: {} }));
    expect(before).toMatch(/no roots are currently configured/);

    await h.core.dispatch("setRoots", { sessionId, roots: ROOTS });
    // The server asks roots/list again on list_changed and logs how many it got.
    await h.waitFor("serverLog", (l) => l.sessionId === sessionId && String(l.data).includes("Roots updated: 2 root(s)"));
    const after = text(await h.core.dispatch("callTool", { sessionId, name: "get-roots-list", arguments: {} }));
    expect(after).toContain("Current MCP Roots (2 total)");
    expect(after).toContain("1. Project\n   URI: file:///work/project");
    expect(after).toContain("2. Unnamed Root\n   URI: file:///tmp/scratch%20space");

    const { entries } = await h.core.dispatch("getLog", { sessionId });
    expect(entries.filter((e) => e.method === "notifications/roots/list_changed").map((e) => e.direction)).toEqual(["out"]);
    expect(h.core.session(sessionId).state.roots).toEqual(ROOTS);
  });

  it("kept with the saved entry: a reconnect and a restart (same storage, new core) offer the same roots at once", async () => {
    const storage = new MemoryStorage();
    const h = createHarness({ storage });
    const saved = await h.core.dispatch("saveServer", { server: fixtureServer("session-server.mjs") });
    const { sessionId } = await h.core.dispatch("connect", { server: saved, serverId: saved.id });
    await h.core.dispatch("setRoots", { sessionId, roots: ROOTS });
    const entry = (await h.core.dispatch("listServers", {})).find((s) => s.id === saved.id)!;
    expect(entry.roots).toEqual(ROOTS);
    expect(h.events.some((e) => e.type === "serversChanged" && e.payload.some((s) => s.id === saved.id && s.roots?.length === 2))).toBe(true);

    const restarted = createHarness({ storage });
    const reloaded = (await restarted.core.dispatch("listServers", {})).find((s) => s.id === saved.id)!;
    expect(reloaded.roots).toEqual(ROOTS);
    const again = await restarted.core.dispatch("connect", { server: reloaded, serverId: reloaded.id });
    expect(again.roots).toEqual(ROOTS);
    // The fixture's list-roots tool asks roots/list now: no setRoots in this core.
    const listed = await restarted.core.dispatch("callTool", { sessionId: again.sessionId, name: "list-roots", arguments: {} });
    expect(JSON.parse(text(listed))).toEqual({ roots: ROOTS });
  });

  it("built-in entries keep their roots too (apart from the saved list), and old saved files without roots still load", async () => {
    const storage = new MemoryStorage();
    const demo: SavedServer = { ...(fixtureServer("session-server.mjs") as SavedServer), id: "demo", era: "auto", features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true } };
    // A servers file written before roots existed.
    await storage.write("servers", [{ id: "old", name: "old", era: "auto", transport: { type: "stdio", command: "x", args: [], env: {} }, features: demo.features }]);
    const h = createHarness({ storage, builtInServers: [demo] });
    const { sessionId } = await h.core.dispatch("connect", { server: demo, serverId: "demo" });
    await h.core.dispatch("setRoots", { sessionId, roots: ROOTS.slice(0, 1) });
    expect(await storage.read("servers")).toHaveLength(1); // the built-in entry is not written into the user's list

    const restarted = new InspectorCore({ storage, builtInServers: [demo] });
    const list = await restarted.dispatch("listServers", {});
    expect(list.map((s) => [s.id, s.roots])).toEqual([
      ["demo", ROOTS.slice(0, 1)],
      ["old", undefined],
    ]);
    expect((await restarted.dispatch("getSnapshot", {})).storage?.problems).toEqual([]);
  });

  it("2026-07-28: the entry's roots answer the server's roots/list input request (I1) without a setRoots first", async () => {
    const h = createHarness();
    const { sessionId, era } = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/modern-server.mjs"), roots: ROOTS } });
    expect(era).toBe("modern");
    const result = await h.core.dispatch("callTool", { sessionId, name: "where", arguments: {} });
    expect(JSON.parse(text(result))).toEqual({ roots: ROOTS });
    // And a change is what the next request is answered with (nothing is sent on its own in this era).
    await h.core.dispatch("setRoots", { sessionId, roots: [] });
    expect(JSON.parse(text(await h.core.dispatch("callTool", { sessionId, name: "where", arguments: {} })))).toEqual({ roots: [] });
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    expect(entries.some((e) => e.method === "notifications/roots/list_changed")).toBe(false);
  });
});

describe("sessions of a saved entry", () => {
  it("Connect on an entry whose session ended reconnects that session in its place (no second session); an edited entry's config is used", async () => {
    const h = createHarness();
    const saved = await h.core.dispatch("saveServer", { server: fixtureServer("session-server.mjs") });
    const first = await h.core.dispatch("connect", { server: saved, serverId: saved.id });
    expect(first.serverId).toBe(saved.id);
    await h.core.dispatch("disconnect", { sessionId: first.sessionId });
    const second = await h.core.dispatch("connect", { server: { ...saved, name: "renamed" }, serverId: saved.id });
    expect(second.sessionId).toBe(first.sessionId);
    expect(second).toMatchObject({ state: "connected", serverName: "renamed", serverId: saved.id });
    expect(await h.core.dispatch("listSessions", {})).toHaveLength(1);
    // A config without serverId is a new session, as before.
    const other = await h.core.dispatch("connect", { server: saved });
    expect(other.sessionId).not.toBe(first.sessionId);
    expect(await h.core.dispatch("listSessions", {})).toHaveLength(2);
  });

  it("a failed session is reused too", async () => {
    const h = createHarness();
    const broken = { name: "broken", transport: { type: "stdio" as const, command: process.execPath, args: ["-e", "process.exit(3)"] } };
    const failed = await h.core.dispatch("connect", { server: broken, serverId: "entry-1" }).catch(() => undefined);
    expect(failed).toBeUndefined();
    const [session] = await h.core.dispatch("listSessions", {});
    expect(session?.state).toBe("failed");
    const fixed = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs"), serverId: "entry-1" });
    expect(fixed.sessionId).toBe(session?.sessionId);
    expect(await h.core.dispatch("listSessions", {})).toHaveLength(1);
  });

  it("removeSession: refused while connected; once disconnected the core forgets it, its log, its runs and withdrawn notes", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    await h.core.dispatch("callTool", { sessionId, name: "list-roots", arguments: {} });
    // A question waiting on the user: the disconnect withdraws it, and its note stays until dismissed.
    h.core.pendingInputs.add({ id: "pi-1", sessionId, serverName: "session-server", kind: "elicitation", params: { message: "Your name?" }, receivedAt: new Date().toISOString() }, { answered: () => {}, withdrawn: () => {} });
    // Another session's note must stay.
    h.core.withdrawnNotes.add({ id: "pi-2", sessionId: "other", serverName: "x", kind: "elicitation", params: { message: "?" }, receivedAt: new Date().toISOString() }, "disconnected", "ended");
    await expect(h.core.dispatch("removeSession", { sessionId })).rejects.toThrow("session-server is connected: disconnect it before removing it");

    await h.core.dispatch("disconnect", { sessionId });
    const before = await h.core.dispatch("getSnapshot", {});
    expect(before.toolRuns?.some((r) => r.sessionId === sessionId)).toBe(true);
    expect(before.withdrawnNotes?.map((n) => n.input.id).sort()).toEqual(["pi-1", "pi-2"]);
    await h.core.dispatch("removeSession", { sessionId });
    expect(h.events.at(-1)).toEqual({ type: "sessionRemoved", payload: { sessionId } });
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.sessions).toEqual([]);
    expect(snapshot.toolRuns).toEqual([]);
    expect(snapshot.withdrawnNotes?.map((n) => n.input.id)).toEqual(["pi-2"]);
    await expect(h.core.dispatch("getLog", { sessionId })).rejects.toThrow(`No session ${sessionId}`);
    await expect(h.core.dispatch("removeSession", { sessionId })).rejects.toThrow(`No session ${sessionId}`);
  });
});

describe("the folder picker", () => {
  it("browser mode (no picker): chooseRootFolder says so, and the snapshot tells the page there is none", async () => {
    const h = createHarness();
    await expect(h.core.dispatch("chooseRootFolder", {})).rejects.toThrow("Choosing a folder is not available in browser mode: type the folder's file:// URI instead");
    expect((await h.core.dispatch("getSnapshot", {})).host).toEqual({ folderPicker: false, notifiesUser: false });
  });

  it("the desktop host's picker answers with a root, or none when the user closed it", async () => {
    const answers = [{ uri: "file:///home/me/project", name: "project" }, undefined];
    const h = createHarness({ chooseFolder: async () => answers.shift() });
    expect((await h.core.dispatch("getSnapshot", {})).host).toEqual({ folderPicker: true, notifiesUser: false });
    expect(await h.core.dispatch("chooseRootFolder", {})).toEqual({ root: { uri: "file:///home/me/project", name: "project" } });
    expect(await h.core.dispatch("chooseRootFolder", {})).toEqual({});
  });
});

describe("server facts (what the Server facts panel shows)", () => {
  it("2026-07-28: serverInfo keeps title and websiteUrl, with instructions, version, era, how it was chosen, and the extensions", async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    expect(info.serverInfo).toEqual({ name: "modern-fixture", version: "2.0.0", title: "Modern fixture", websiteUrl: "https://example.com/modern" });
    expect(info).toMatchObject({ era: "modern", protocolVersion: "2026-07-28", instructions: "A fixture for the inspector's tests." });
    expect(info.eraProbe).toMatch(/server\/discover/);
    expect((info.serverCapabilities as { extensions?: object }).extensions).toEqual({ "io.modelcontextprotocol/tasks": {} });
  });

  it("2025-11-25: server-everything's instructions, serverInfo and capabilities", async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: { ...everythingServer(), era: "2025-11-25" } });
    expect(info).toMatchObject({ era: "legacy", protocolVersion: "2025-11-25", eraProbe: "2025-11-25 chosen for this server: no probe" });
    expect(info.serverInfo?.name).toBe("mcp-servers/everything");
    expect(info.instructions?.length).toBeGreaterThan(100);
    expect(info.serverCapabilities).toMatchObject({ tools: expect.any(Object), resources: expect.any(Object) });
  });
});
