// A 2026-07-28 server over Streamable HTTP (our fixture on the SDK v2's createMcpHandler): the E3 probe,
// the standard headers on every POST (E4, M9), and the legacy fallback against 2025-11-25 HTTP servers.
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStorage } from "../../main/core/storage.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { startListeningFixture } from "../helpers/servers.js";

/** Our HTTP fixtures, each at its MCP endpoint once it listens. */
const start = async (file: string) => `${await startListeningFixture(file, [], children)}/mcp`;
const MODERN_HTTP = "modern/modern-http-server.mjs";
const LEGACY_HTTP = "session-http-server.mjs";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});


interface SeenHeaders {
  method: string | null;
  name: string | null;
  version: string | null;
  session: string | null;
}

async function headersSeen(h: Harness, sessionId: string): Promise<SeenHeaders[]> {
  const result = await h.core.dispatch("callTool", { sessionId, name: "http-headers", arguments: {} });
  return JSON.parse((result.content[0] as { text: string }).text) as SeenHeaders[];
}

describe("2026-07-28 over Streamable HTTP", () => {
  it("E3: Auto's first request is modern; the server answers it and the session speaks 2026-07-28; the log shows the probe", async () => {
    const url = await start(MODERN_HTTP);
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: { name: "modern-http", transport: { type: "streamableHttp", url } } });
    expect(info).toMatchObject({ state: "connected", era: "modern", protocolVersion: "2026-07-28", serverInfo: { name: "modern-fixture" } });
    expect(info.eraProbe).toMatch(/^server\/discover answered over HTTP/);
    const { entries } = await h.core.dispatch("getLog", { sessionId: info.sessionId });
    expect(entries.slice(0, 2).map((e) => [e.direction, e.method])).toEqual([
      ["out", "server/discover"],
      ["in", "server/discover"],
    ]);
  });

  it("E4, M9: every POST carries MCP-Protocol-Version and Mcp-Method; tools/call, prompts/get, resources/read and tasks/* carry Mcp-Name; no Mcp-Session-Id", async () => {
    const url = await start(MODERN_HTTP);
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { name: "modern-http", transport: { type: "streamableHttp", url } } });
    const echoed = await h.core.dispatch("callTool", { sessionId, name: "echo", arguments: { text: "over http" } });
    expect(echoed.content).toEqual([{ type: "text", text: "over http" }]);
    const started = await h.core.dispatch("callTool", { sessionId, name: "task-hang", arguments: {} });
    const taskId = started.startedTask!.task.taskId;
    await h.waitFor("logEntry", (e) => e.direction === "in" && e.method === "tasks/get");
    await h.core.dispatch("cancelClientTask", { sessionId, taskId });
    await h.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.task.status === "cancelled");

    const seen = await headersSeen(h, sessionId);
    expect(seen.every((s) => s.version === "2026-07-28" && s.method !== null && s.session === null)).toBe(true);
    expect(seen.find((s) => s.method === "tools/call")?.name).toBe("echo");
    for (const method of ["tasks/get", "tasks/cancel"]) expect(seen.find((s) => s.method === method)?.name).toBe(taskId);
    expect(seen.find((s) => s.method === "tools/list")?.name).toBeNull();
  });

  it("E3: a 2025-11-25 Streamable HTTP server answers the modern request with a 4xx that is not a modern error: legacy (initialize)", async () => {
    const url = await start(LEGACY_HTTP);
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: { name: "legacy-http", transport: { type: "streamableHttp", url } } });
    expect(info).toMatchObject({ state: "connected", era: "legacy" });
    expect(info.eraProbe).toMatch(/^server\/discover: HTTP 4\d\d without a 2026-07-28 error, so 2025-11-25 \(initialize\)$/);
  });

  it("E3: a dead HTTP server is a connection failure, never 'legacy'", async () => {
    const h = createHarness();
    await expect(h.core.dispatch("connect", { server: { name: "nobody", transport: { type: "streamableHttp", url: "http://127.0.0.1:9/mcp" } } })).rejects.toThrow(
      /the server could not be reached/,
    );
  });

  it("M8: a live task's handle is kept with its server entry; after a restart it is watched again and can be cancelled", async () => {
    const url = await start(MODERN_HTTP);
    const storage = new MemoryStorage();
    const server = { name: "modern-http", transport: { type: "streamableHttp" as const, url } };
    const first = createHarness({ storage });
    const { sessionId } = await first.core.dispatch("connect", { server });
    const started = await first.core.dispatch("callTool", { sessionId, name: "task-hang", arguments: {} });
    const finished = await first.core.dispatch("callTool", { sessionId, name: "task-simple", arguments: {} });
    await first.waitFor("clientTaskChanged", (t) => t.task.taskId === finished.startedTask!.task.taskId && t.task.status === "completed");
    await first.core.shutdown();

    // A new run of the app over the same storage: the hanging task is back, the finished one is not.
    const second = createHarness({ storage });
    const again = await second.core.dispatch("connect", { server });
    const taskId = started.startedTask!.task.taskId;
    const resumed = await second.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId);
    expect(resumed).toMatchObject({ sessionId: again.sessionId, era: "modern", toolName: "task-hang", task: { status: "working" } });
    await second.core.dispatch("cancelClientTask", { sessionId: again.sessionId, taskId });
    await second.waitFor("clientTaskChanged", (t) => t.task.taskId === taskId && t.task.status === "cancelled");
    const snapshot = await second.core.dispatch("getSnapshot", {});
    expect(snapshot.clientTasks.map((t) => t.task.taskId)).toEqual([taskId]);
  });
});
