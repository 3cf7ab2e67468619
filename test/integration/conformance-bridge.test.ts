// The loopback Streamable HTTP bridge `check --conformance` puts in front of a stdio server: a real SDK
// client over HTTP to server-everything over stdio. Messages pass both ways (progress during a tool call,
// and a server's own request answered by the client), each session is a process of its own, and nothing but
// 127.0.0.1 with the secret path gets in.
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStdioBridge, type StdioBridge } from "../../main/core/checks/conformance/bridge.js";

const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
let bridge: StdioBridge;
const clients: Client[] = [];

async function connect(capabilities: Record<string, unknown> = {}): Promise<Client> {
  const client = new Client({ name: "bridge-test", version: "0" }, { capabilities });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(bridge.url)));
  return client;
}

beforeAll(async () => {
  bridge = await startStdioBridge({ command: process.execPath, args: [EVERYTHING, "stdio"], env: {} });
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await bridge?.close();
});

describe("the stdio bridge", () => {
  it("lists and calls a stdio server's tools over Streamable HTTP", { timeout: 60_000 }, async () => {
    const client = await connect();
    expect(client.getServerVersion()?.name).toBe("mcp-servers/everything");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("echo");
    const result = await client.callTool({ name: "echo", arguments: { message: "through the bridge" } });
    expect(JSON.stringify(result.content)).toContain("through the bridge");
  });

  it("progress notifications reach the call they belong to", { timeout: 60_000 }, async () => {
    const client = await connect();
    const progress: number[] = [];
    await client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 1, steps: 3 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(progress).toEqual([1, 2, 3]);
  });

  it("a request the server sends during a call (sampling) is answered through the call's stream", { timeout: 60_000 }, async () => {
    const client = await connect({ sampling: {} });
    const asked: string[] = [];
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      asked.push(JSON.stringify(request.params.messages));
      return { model: "test-model", role: "assistant", content: { type: "text", text: "sampled answer" } };
    });
    const result = await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "hello", maxTokens: 10 } });
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(result.content)).toContain("sampled answer");
  });

  it("each session is a process of its own", () => {
    // Three sessions were opened above, one server process each.
    expect(bridge.started()).toBe(3);
  });

  it("answers only its secret path, only to a Host naming 127.0.0.1, and only opens a session with initialize", async () => {
    const url = new URL(bridge.url);
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "0" } } };
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(new URL(path, url), { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) });
    expect((await post("/mcp", init)).status).toBe(404);
    expect((await post(url.pathname, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(400);
    expect((await post(url.pathname, init, { "mcp-session-id": "not-a-session" })).status).toBe(404);
    // fetch sets Host itself; a rebinding attacker's request carries its own name, as this raw one does.
    const { request } = await import("node:http");
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: url.port, path: url.pathname, method: "POST", headers: { host: "attacker.example", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on("error", reject);
      req.end(JSON.stringify(init));
    });
    expect(status).toBe(403);
    expect(bridge.started()).toBe(3);
  });
});
