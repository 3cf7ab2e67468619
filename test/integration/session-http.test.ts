// Sessions over real HTTP on 127.0.0.1: Streamable HTTP and SSE, against server-everything and against
// a fixture that reports the headers it received.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../helpers/harness.js";

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
const HTTP_FIXTURE = fileURLToPath(new URL("../fixtures/session-http-server.mjs", import.meta.url));

const children: ChildProcess[] = [];
let harness: Harness | undefined;

afterEach(async () => {
  // Sessions first, then the servers we started.
  await harness?.core.shutdown();
  harness = undefined;
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server process and resolves once it prints a line matching `ready`. */
function startServer(args: string[], ready: RegExp, env: Record<string, string> = {}): Promise<RegExpMatchArray> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = output.match(ready);
      if (match) {
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        resolve(match);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before it was ready: ${output}`)));
  });
}

async function everything(mode: "streamableHttp" | "sse"): Promise<string> {
  const port = await freePort();
  await startServer([EVERYTHING, mode], /listening on port|running on port/, { PORT: String(port) });
  return mode === "sse" ? `http://127.0.0.1:${port}/sse` : `http://127.0.0.1:${port}/mcp`;
}

async function fixture(): Promise<number> {
  const match = await startServer([HTTP_FIXTURE], /listening (\d+)/);
  return Number(match[1]);
}

function textOf(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((c) => c.text ?? "").join("");
}

describe("sessions over Streamable HTTP", () => {
  it("Q2 Q4: connects to server-everything, answers plain calls and runs a client task to its real result", async () => {
    harness = createHarness();
    const h = harness;
    const url = await everything("streamableHttp");
    const info = await h.core.dispatch("connect", { server: { name: "everything-http", transport: { type: "streamableHttp", url } } });
    expect(info).toMatchObject({ state: "connected", serverInfo: { name: "mcp-servers/everything" } });
    expect((await h.core.dispatch("ping", { sessionId: info.sessionId })).roundTripMs).toBeGreaterThanOrEqual(0);
    expect(textOf(await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "echo", arguments: { message: "over http" } }))).toBe(
      "Echo: over http",
    );

    const task = await h.core.dispatch("callToolAsTask", { sessionId: info.sessionId, name: "simulate-research-query", arguments: { topic: "tides" } });
    const done = await h.waitFor("clientTaskChanged", (t) => t.task.taskId === task.task.taskId && t.result !== undefined);
    expect(textOf(done.result as { content: { type: string; text?: string }[] })).toContain("# Research Report: tides");

    await h.core.dispatch("disconnect", { sessionId: info.sessionId });
    expect((await h.waitFor("sessionChanged", (s) => s.sessionId === info.sessionId && s.state === "disconnected")).reason).toBe(
      "Disconnected by the user",
    );
    const again = await h.core.dispatch("reconnect", { sessionId: info.sessionId });
    expect(again.state).toBe("connected");
    expect(textOf(await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "echo", arguments: { message: "again" } }))).toBe("Echo: again");
  });

  it("sends the configured headers with every request", async () => {
    harness = createHarness();
    const h = harness;
    const port = await fixture();
    const { sessionId } = await h.core.dispatch("connect", {
      server: { name: "http-fixture", transport: { type: "streamableHttp", url: `http://127.0.0.1:${port}/mcp`, headers: { "X-Inspector-Test": "secret-42" } } },
    });
    expect(textOf(await h.core.dispatch("callTool", { sessionId, name: "echo", arguments: { text: "hi" } }))).toBe("hi");
    const seen = JSON.parse(textOf(await h.core.dispatch("callTool", { sessionId, name: "http-requests", arguments: {} }))) as {
      method: string;
      path: string;
      header: string | null;
    }[];
    expect(seen.filter((r) => r.method === "POST").length).toBeGreaterThanOrEqual(3);
    expect(seen.every((r) => r.path === "/mcp" && r.header === "secret-42")).toBe(true);
  });

  it("a URL nobody listens on fails at once with a clear error", async () => {
    harness = createHarness();
    const h = harness;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    await expect(h.core.dispatch("connect", { server: { name: "nobody", transport: { type: "streamableHttp", url } } })).rejects.toThrow(
      `Could not connect to ${url}: `,
    );
    expect((await h.waitFor("sessionChanged", (s) => s.state === "failed")).reason).toMatch(/fetch failed|ECONNREFUSED/);
  });

  it("an HTTP endpoint that is not an MCP server fails with the server's HTTP answer", async () => {
    harness = createHarness();
    const h = harness;
    const port = await fixture();
    await expect(
      h.core.dispatch("connect", { server: { name: "wrong-path", transport: { type: "streamableHttp", url: `http://127.0.0.1:${port}/not-mcp` } } }),
    ).rejects.toThrow(/^Could not connect to http:\/\/127\.0\.0\.1:\d+\/not-mcp: Streamable HTTP error: .*Not found$/);
  });

  it("an empty 404 (mcp-proxy's answer to a POST at its /sse) is named by its status, not a message ending in a colon", async () => {
    harness = createHarness();
    const h = harness;
    const server = createHttpServer((req, res) => req.resume().on("end", () => res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
      await expect(h.core.dispatch("connect", { server: { name: "empty", transport: { type: "streamableHttp", url } } })).rejects.toThrow(
        /^Could not connect to http:\/\/127\.0\.0\.1:\d+\/sse: Streamable HTTP error: Error POSTing to endpoint: HTTP 404 with an empty body$/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("sessions over SSE", () => {
  it("connects to server-everything over SSE and answers plain calls", async () => {
    harness = createHarness();
    const h = harness;
    const url = await everything("sse");
    const info = await h.core.dispatch("connect", { server: { name: "everything-sse", transport: { type: "sse", url } } });
    expect(info).toMatchObject({ state: "connected", serverInfo: { name: "mcp-servers/everything" } });
    const { tools } = await h.core.dispatch("listTools", { sessionId: info.sessionId });
    expect(tools.map((t) => t.name)).toContain("echo");
    expect(textOf(await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "echo", arguments: { message: "over sse" } }))).toBe(
      "Echo: over sse",
    );
    await h.core.dispatch("disconnect", { sessionId: info.sessionId });
    expect(h.core.session(info.sessionId).state.state).toBe("disconnected");
  });

  it("sends the configured headers on the event stream and on every posted message", async () => {
    harness = createHarness();
    const h = harness;
    const port = await fixture();
    const { sessionId } = await h.core.dispatch("connect", {
      server: { name: "sse-fixture", transport: { type: "sse", url: `http://127.0.0.1:${port}/sse`, headers: { "X-Inspector-Test": "sse-7" } } },
    });
    const seen = JSON.parse(textOf(await h.core.dispatch("callTool", { sessionId, name: "http-requests", arguments: {} }))) as {
      method: string;
      path: string;
      header: string | null;
    }[];
    expect(seen[0]).toEqual({ method: "GET", path: "/sse", header: "sse-7" });
    const posts = seen.filter((r) => r.method === "POST");
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.every((r) => r.path === "/messages" && r.header === "sse-7")).toBe(true);
  });
});
