// What the official conformance suite's client scenarios found in our 2026-07-28 client over Streamable HTTP,
// each against a real HTTP server (test/fixtures/modern/quirky-http-server.mjs) that records what it saw.
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness } from "../helpers/harness.js";
import { startListeningFixture } from "../helpers/servers.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});
const start = () => startListeningFixture("modern/quirky-http-server.mjs", [], children);

interface Seen {
  method?: string;
  id?: unknown;
  params?: Record<string, unknown>;
  headers: Record<string, string>;
}

async function seenBy(base: string): Promise<Seen[]> {
  return (await (await fetch(`${base}/seen`)).json()) as Seen[];
}

async function connect(base: string) {
  const h = createHarness();
  const info = await h.core.dispatch("connect", { server: { name: "quirky", era: "2026-07-28", transport: { type: "streamableHttp", url: `${base}/mcp` } } });
  return { h, info };
}

describe("2026-07-28 over Streamable HTTP: the conformance suite's findings", () => {
  it("SEP-2575: a -32022 that lists the very version it refused is retried once with that version, and the session connects (conformance request-metadata)", async () => {
    const base = await start();
    const { info } = await connect(base);
    expect(info).toMatchObject({ state: "connected", era: "modern", protocolVersion: "2026-07-28" });
    const discovers = (await seenBy(base)).filter((s) => s.method === "server/discover");
    expect(discovers).toHaveLength(2);
    expect(discovers.map((s) => s.headers["mcp-protocol-version"])).toEqual(["2026-07-28", "2026-07-28"]);
  });

  it("a subscriptions/listen stream the server already answered is not cancelled when the session ends: no notifications/cancelled goes out (conformance request-metadata)", async () => {
    const base = await start();
    const { h, info } = await connect(base);
    await h.core.dispatch("listTools", { sessionId: info.sessionId });
    expect((await seenBy(base)).some((s) => s.method === "subscriptions/listen")).toBe(true);
    await h.core.dispatch("disconnect", { sessionId: info.sessionId });
    // A request after the disconnect marks the end of what the session sent.
    await fetch(`${base}/mcp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/marker" }) });
    const methods = (await seenBy(base)).map((s) => s.method);
    expect(methods.at(-1)).toBe("notifications/marker");
    expect(methods).not.toContain("notifications/cancelled");
  });

  it("SEP-2243: tools with an invalid x-mcp-header (empty, on a number, not a token, twice case-insensitively) are left out of tools/list, with a note naming each (conformance http-invalid-tool-headers)", async () => {
    const base = await start();
    const { h, info } = await connect(base);
    const { tools } = await h.core.dispatch("listTools", { sessionId: info.sessionId });
    expect(tools.map((t) => t.name)).toEqual(["regional"]);
    const { entries } = await h.core.dispatch("getLog", { sessionId: info.sessionId });
    const notes = entries.map((e) => (e.payload as { note?: string } | undefined)?.note ?? "").filter((n) => n.includes("SEP-2243"));
    for (const name of ["empty-header", "number-header", "colon-header", "twice-header"]) expect(notes.some((n) => n.startsWith(`Tool ${name} left out`))).toBe(true);
  });

  it("SEP-2243: tools/call mirrors each x-mcp-header argument into Mcp-Param-<Name>: plain ASCII as is, anything else in Base64, integers and booleans as text, null omitted (conformance http-custom-headers)", async () => {
    const base = await start();
    const { h, info } = await connect(base);
    const result = await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "regional", arguments: { region: "us-west1", priority: 42, verbose: false, note: " Hello, 世界", plain: "not mirrored" } });
    expect(result.content).toEqual([{ type: "text", text: "called regional" }]);
    await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "regional", arguments: { region: null } });
    const calls = (await seenBy(base)).filter((s) => s.method === "tools/call");
    expect(calls[0]!.headers).toMatchObject({
      "mcp-param-region": "us-west1",
      "mcp-param-priority": "42",
      "mcp-param-verbose": "false",
      "mcp-param-note": `=?base64?${Buffer.from(" Hello, 世界").toString("base64")}?=`,
    });
    expect(Object.keys(calls[0]!.headers).filter((k) => k.startsWith("mcp-param-"))).toHaveLength(4);
    expect(Object.keys(calls[1]!.headers).filter((k) => k.startsWith("mcp-param-"))).toEqual([]);
  });
});
