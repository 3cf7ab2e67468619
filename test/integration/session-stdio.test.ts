// Sessions over real stdio: how a server is started, what it prints, connection states, disconnect,
// reconnect, and the ways a start can fail.
import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { type InspectorEvent } from "../../shared/contract.js";
import type { ConnectionState } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

let harness: Harness | undefined;
function start(): Harness {
  harness = createHarness();
  return harness;
}
// Every event is checked against the contract by the harness after each test.
afterEach(() => {
  harness = undefined;
});

function statesOf(events: InspectorEvent[], sessionId: string): ConnectionState[] {
  return events.flatMap((e) => (e.type === "sessionChanged" && e.payload.sessionId === sessionId ? [e.payload.state] : []));
}

async function whoami(h: Harness, sessionId: string) {
  const result = await h.core.dispatch("callTool", { sessionId, name: "whoami", arguments: {} });
  const first = result.content[0];
  return JSON.parse(first?.type === "text" ? first.text : "{}") as { pid: number; argv: string[]; cwd: string; greeting: string | null; hasPath: boolean };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("sessions over stdio", () => {
  it("starts the server with the configured command, args, env and cwd, and reports what it is", async () => {
    const h = start();
    const cwd = realpathSync(tmpdir());
    const server = fixtureServer("session-server.mjs", ["--flag", "two words"]);
    const info = await h.core.dispatch("connect", {
      server: { ...server, transport: { ...server.transport, env: { FIXTURE_GREETING: "hi there" }, cwd } },
    });
    expect(info).toMatchObject({
      state: "connected",
      serverName: "session-server",
      serverInfo: { name: "session-fixture", version: "2.3.4" },
      instructions: "A fixture for session tests.",
      serverCapabilities: { tools: {}, resources: {}, prompts: {}, logging: {} },
    });
    const me = await whoami(h, info.sessionId);
    expect(me.argv).toEqual(["--flag", "two words"]);
    expect(me.cwd).toBe(cwd);
    expect(me.greeting).toBe("hi there");
    // The configured variables come on top of the default environment, not instead of it.
    expect(me.hasPath).toBe(true);
  });

  it("captures the server's stderr line by line as stderrLine events, multi-byte text and CRLF included", async () => {
    const h = start();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    await h.waitFor("stderrLine", (l) => l.sessionId === sessionId && l.line === "session-server: héllo ✓ wörld");

    // A line split across writes is one line; two lines in one write are two.
    await h.core.dispatch("callTool", { sessionId, name: "stderr", arguments: { text: "first\nsecond\npart" } });
    await h.core.dispatch("callTool", { sessionId, name: "stderr", arguments: { text: "ial line\n" } });
    await h.waitFor("stderrLine", (l) => l.line === "partial line");

    const lines = h.events.flatMap((e) => (e.type === "stderrLine" && e.payload.sessionId === sessionId ? [e.payload.line] : []));
    expect(lines).toEqual(["session-server: starting", "session-server: héllo ✓ wörld", "first", "second", "partial line"]);
    expect((await h.core.dispatch("getLog", { sessionId })).stderr).toEqual(lines);
  });

  it("reports every connection state; disconnect ends the process, calls then fail clearly, and reconnect starts a new one", async () => {
    const h = start();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    const first = await whoami(h, sessionId);
    expect(isRunning(first.pid)).toBe(true);

    await h.core.dispatch("disconnect", { sessionId });
    expect(isRunning(first.pid)).toBe(false);
    const disconnected = await h.waitFor("sessionChanged", (s) => s.sessionId === sessionId && s.state === "disconnected");
    expect(disconnected.reason).toBe("Disconnected by the user");
    await expect(h.core.dispatch("ping", { sessionId })).rejects.toThrow("session-server is not connected");
    expect((await h.core.dispatch("listSessions", {})).find((s) => s.sessionId === sessionId)?.state).toBe("disconnected");

    const again = await h.core.dispatch("reconnect", { sessionId });
    expect(again).toMatchObject({ sessionId, state: "connected", serverInfo: { name: "session-fixture" } });
    const second = await whoami(h, sessionId);
    expect(second.pid).not.toBe(first.pid);

    // Reconnecting a live session goes through disconnected first.
    await h.core.dispatch("reconnect", { sessionId });
    expect(statesOf(h.events, sessionId)).toEqual(["connecting", "connected", "disconnected", "connecting", "connected", "disconnected", "connecting", "connected"]);
  });

  it("a server that exits on its own leaves the session disconnected, with a reason", async () => {
    const h = start();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("session-server.mjs") });
    await h.core.dispatch("callTool", { sessionId, name: "exit", arguments: { code: 7 } });
    const ended = await h.waitFor("sessionChanged", (s) => s.sessionId === sessionId && s.state === "disconnected");
    expect(ended.reason).toMatch(/^The server closed the connection: its process exited with code 7\. Its last stderr output: /);
    await expect(h.core.dispatch("listTools", { sessionId })).rejects.toThrow("not connected");
  });

  it("a command that does not exist fails at once with a clear error and a failed state, not a hang", async () => {
    const h = start();
    await expect(
      h.core.dispatch("connect", { server: { name: "ghost", transport: { type: "stdio", command: "/definitely/not/here/mcp-server", args: ["x"] } } }),
    ).rejects.toThrow(/^Could not connect to "\/definitely\/not\/here\/mcp-server x": .*ENOENT/);
    const failed = await h.waitFor("sessionChanged", (s) => s.state === "failed");
    expect(failed.reason).toMatch(/ENOENT/);
    expect(statesOf(h.events, failed.sessionId)).toEqual(["connecting", "failed"]);
  });

  it("a server that exits before initializing fails with a clear error that includes what it printed", async () => {
    const h = start();
    const script = "console.error('FATAL: MCP_API_KEY is not set'); process.exit(3)";
    await expect(
      h.core.dispatch("connect", { server: { name: "broken", transport: { type: "stdio", command: process.execPath, args: ["-e", script] } } }),
    ).rejects.toThrow(/^Could not connect to .*: .*Connection closed.*FATAL: MCP_API_KEY is not set/);
    const failed = await h.waitFor("sessionChanged", (s) => s.state === "failed");
    expect(failed.reason).toContain("FATAL: MCP_API_KEY is not set");
    expect(statesOf(h.events, failed.sessionId)).toEqual(["connecting", "failed"]);
    expect(h.events.some((e) => e.type === "stderrLine" && e.payload.line === "FATAL: MCP_API_KEY is not set")).toBe(true);
  });

  it("a server that never answers initialize fails after the request timeout instead of hanging", async () => {
    harness = createHarness({ settings: { requestTimeoutMs: 400 } });
    const h = harness;
    const silent = "process.stdin.resume(); console.error('thinking...')";
    await expect(
      h.core.dispatch("connect", { server: { name: "silent", transport: { type: "stdio", command: process.execPath, args: ["-e", silent] } } }),
    ).rejects.toThrow(/^Could not connect to .*: MCP error -32001: Request timed out/);
    const failed = await h.waitFor("sessionChanged", (s) => s.state === "failed");
    expect(statesOf(h.events, failed.sessionId)).toEqual(["connecting", "failed"]);
  });

  it("a malformed server config is refused by the contract before anything starts", async () => {
    const h = start();
    await expect(h.core.dispatch("connect", { server: { name: "empty", transport: { type: "stdio", command: "" } } })).rejects.toThrow(
      "Invalid payload for connect: server.transport.command: command must not be empty",
    );
    expect(h.events).toEqual([]);
    expect(await h.core.dispatch("listSessions", {})).toEqual([]);
  });
});
