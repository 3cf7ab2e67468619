// Saved servers (with the Claude Desktop / VS Code import) and settings persist through the core's Storage.
import { describe, expect, it } from "vitest";
import { InspectorCore } from "../../main/core/inspectorCore.js";
import { MemoryStorage } from "../../main/core/storage.js";
import type { InspectorEvent } from "../../shared/contract.js";
import type { SavedServer } from "../../shared/types.js";

const demo: SavedServer = {
  id: "everything-demo",
  name: "Everything (demo)",
  era: "auto",
  transport: { type: "stdio", command: "node", args: ["everything.js", "stdio"], env: {} },
  features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
};

function core(storage = new MemoryStorage()) {
  const events: InspectorEvent[] = [];
  const c = new InspectorCore({ storage, builtInServers: [demo] });
  c.subscribe((e) => events.push(e));
  return { core: c, storage, events };
}

describe("saved servers", () => {
  it("lists the built-in demo first; save, edit and remove persist and announce serversChanged", async () => {
    const { core: c, storage, events } = core();
    expect((await c.dispatch("listServers", {})).map((s) => s.id)).toEqual(["everything-demo"]);
    const saved = await c.dispatch("saveServer", { server: { name: "local", transport: { type: "stdio", command: "my-server" } } });
    expect(saved).toMatchObject({ name: "local", transport: { args: [], env: {} }, features: { receiverTasks: true } });
    await c.dispatch("saveServer", { id: saved.id, server: { name: "renamed", transport: { type: "streamableHttp", url: "http://127.0.0.1:9/mcp" } } });
    expect((await c.dispatch("listServers", {})).map((s) => s.name)).toEqual(["Everything (demo)", "renamed"]);
    expect(events.filter((e) => e.type === "serversChanged")).toHaveLength(2);

    // A new core over the same storage (an app restart) sees the same list.
    const restarted = core(storage).core;
    expect((await restarted.dispatch("listServers", {})).map((s) => s.name)).toEqual(["Everything (demo)", "renamed"]);
    await restarted.dispatch("removeServer", { id: saved.id });
    expect((await restarted.dispatch("listServers", {})).map((s) => s.id)).toEqual(["everything-demo"]);
  });

  it("the built-in entry can be neither edited nor removed, and unknown ids are named", async () => {
    const { core: c } = core();
    await expect(c.dispatch("removeServer", { id: "everything-demo" })).rejects.toThrow(/cannot be removed/);
    await expect(c.dispatch("saveServer", { id: "everything-demo", server: demo })).rejects.toThrow(/cannot be edited/);
    await expect(c.dispatch("removeServer", { id: "nope" })).rejects.toThrow(/No saved server with id nope/);
  });

  it("imports Claude Desktop (mcpServers) and VS Code (servers) documents", async () => {
    const { core: c } = core();
    const claude = await c.dispatch("importServers", {
      json: JSON.stringify({ mcpServers: { files: { command: "npx", args: ["-y", "fs-server", "/tmp"], env: { DEBUG: "1" } }, remote: { url: "https://example.com/mcp" } } }),
    });
    expect(claude.added).toMatchObject([
      { name: "files", transport: { type: "stdio", command: "npx", args: ["-y", "fs-server", "/tmp"], env: { DEBUG: "1" } } },
      { name: "remote", transport: { type: "streamableHttp", url: "https://example.com/mcp" } },
    ]);
    const vscode = await c.dispatch("importServers", { json: JSON.stringify({ servers: { events: { type: "sse", url: "http://127.0.0.1:3001/sse", headers: { Authorization: "Bearer x" } } } }) });
    expect(vscode.added[0]).toMatchObject({ name: "events", transport: { type: "sse", headers: { Authorization: "Bearer x" } } });
    expect(await c.dispatch("listServers", {})).toHaveLength(4);
  });

  it("a bad import says what is wrong and adds nothing", async () => {
    const { core: c } = core();
    await expect(c.dispatch("importServers", { json: "{not json" })).rejects.toThrow(/not valid JSON/);
    await expect(c.dispatch("importServers", { json: "[]" })).rejects.toThrow(/"mcpServers"/);
    await expect(c.dispatch("importServers", { json: JSON.stringify({ mcpServers: { broken: { args: [] } } }) })).rejects.toThrow(/"broken" needs either a "command" or a "url"/);
    await expect(c.dispatch("importServers", { json: JSON.stringify({ mcpServers: { web: { url: "file:///etc/passwd" } } }) })).rejects.toThrow(/"web"/);
    expect(await c.dispatch("listServers", {})).toHaveLength(1);
  });
});

describe("settings", () => {
  it("updateSettings persists, announces settingsChanged and survives a restart; invalid values change nothing", async () => {
    const { core: c, storage, events } = core();
    const next = await c.dispatch("updateSettings", { maxLiveReceiverTasks: 7, notificationsEnabled: false });
    expect(next).toMatchObject({ maxLiveReceiverTasks: 7, notificationsEnabled: false });
    expect(events.some((e) => e.type === "settingsChanged")).toBe(true);
    await expect(c.dispatch("updateSettings", { logLimit: 1 })).rejects.toThrow(/logLimit/);
    expect((await c.dispatch("getSettings", {})).logLimit).toBe(5000);
    expect(await core(storage).core.dispatch("getSettings", {})).toMatchObject({ maxLiveReceiverTasks: 7, notificationsEnabled: false });
  });

  it("R6: a receiver task ttl setting longer than a timer can wait is refused (asked for longer, the expiry timer would fire after 1 ms)", async () => {
    const { core: c } = core();
    const longest = 2 ** 31 - 1;
    await expect(c.dispatch("updateSettings", { maxReceiverTaskTtlMs: longest + 1 })).rejects.toThrow(/maxReceiverTaskTtlMs/);
    await expect(c.dispatch("updateSettings", { defaultReceiverTaskTtlMs: longest + 1 })).rejects.toThrow(/defaultReceiverTaskTtlMs/);
    expect(await c.dispatch("updateSettings", { maxReceiverTaskTtlMs: longest })).toMatchObject({ maxReceiverTaskTtlMs: longest });
  });

  it("one import takes at most 500 entries and skips exact duplicates, saying so; the list holds at most 2,000", async () => {
    const { core: c } = core();
    const table = (from: number, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`server-${from + i}`, { command: "node", args: [`s${from + i}.js`] }]));
    // A 990 KB document of 22,494 entries added every one of them before.
    const first = await c.dispatch("importServers", { json: JSON.stringify({ mcpServers: table(0, 700) }) });
    expect(first.added).toHaveLength(500);
    expect(first.notImported).toBe(200);
    expect(first.message).toBe("Imported 500 servers; left out 200 more (one import takes at most 500).");
    // The same document again: the first 500 are exact duplicates, the rest are new.
    const again = await c.dispatch("importServers", { json: JSON.stringify({ mcpServers: table(0, 700) }) });
    expect(again.duplicates).toHaveLength(500);
    expect(again.added.map((s) => s.name)).toEqual(Array.from({ length: 200 }, (_, i) => `server-${500 + i}`));
    expect(again.message).toBe("Imported 200 servers; skipped 500 exact duplicates of servers already saved.");
    // Same name, another command: not a duplicate.
    const changed = await c.dispatch("importServers", { json: JSON.stringify({ mcpServers: { "server-1": { command: "node", args: ["other.js"] } } }) });
    expect(changed.added).toHaveLength(1);
    for (let from = 1000; from < 2300; from += 500) await c.dispatch("importServers", { json: JSON.stringify({ mcpServers: table(from, 500) }) });
    expect((await c.dispatch("listServers", {})).filter((s) => !s.builtIn)).toHaveLength(2000);
    await expect(c.dispatch("saveServer", { server: { name: "one more", transport: { type: "stdio", command: "x" } } })).rejects.toThrow(/already 2000 saved servers/);
  });
});
