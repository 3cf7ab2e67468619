// completion/complete end to end over real stdio: server-everything (2025-11-25) and our completion
// fixture in both eras (test/fixtures/modern/completion-server.mjs), through the core's API.
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import type { LogEntry } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer, fixtureServer, startListeningFixture } from "../helpers/servers.js";

type Era = "2025-11-25" | "2026-07-28";

async function connectFixture(h: Harness, era: Era, args: string[] = []) {
  const info = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/completion-server.mjs", args), era } });
  expect(info.state).toBe("connected");
  return info;
}

async function completionRequests(h: Harness, sessionId: string) {
  const { entries } = await h.core.dispatch("getLog", { sessionId });
  return entries.filter((e: LogEntry) => e.direction === "out" && e.method === "completion/complete").map((e) => (e.payload as { params: Record<string, unknown> }).params);
}

describe("completion/complete with server-everything (2025-11-25)", () => {
  it("completes a prompt argument, and the second argument from the first through context.arguments", async () => {
    const h = createHarness();
    const { sessionId, serverCapabilities } = await h.core.dispatch("connect", { server: everythingServer() });
    expect(serverCapabilities?.completions).toBeDefined();
    const ref = { type: "ref/prompt" as const, name: "completable-prompt" };
    const departments = await h.core.dispatch("complete", { sessionId, ref, argument: { name: "department", value: "S" } });
    expect(departments.values).toEqual(["Sales", "Support"]);
    expect(departments.cut).toBeUndefined();
    const members = await h.core.dispatch("complete", { sessionId, ref, argument: { name: "name", value: "" }, context: { arguments: { department: "Engineering" } } });
    expect(members.values).toEqual(["Alice", "Bob", "Charlie"]);
    const sent = await completionRequests(h, sessionId);
    expect(sent.at(-1)).toMatchObject({ ref, argument: { name: "name", value: "" }, context: { arguments: { department: "Engineering" } } });
  });

  it("completes a resource template variable (ref/resource with the template's URI)", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: everythingServer() });
    const ref = { type: "ref/resource" as const, uri: "demo://resource/dynamic/text/{resourceId}" };
    expect((await h.core.dispatch("complete", { sessionId, ref, argument: { name: "resourceId", value: "7" } })).values).toEqual(["7"]);
    expect((await h.core.dispatch("complete", { sessionId, ref, argument: { name: "resourceId", value: "x" } })).values).toEqual([]);
  });
});

describe.each<Era>(["2025-11-25", "2026-07-28"])("completion/complete with the completion fixture on %s", (era) => {
  it("completes prompt arguments and template variables, earlier ones in context.arguments", async () => {
    const h = createHarness();
    const info = await connectFixture(h, era);
    expect(info.era).toBe(era === "2026-07-28" ? "modern" : "legacy");
    const { sessionId } = info;
    const prompt = { type: "ref/prompt" as const, name: "team" };
    expect((await h.core.dispatch("complete", { sessionId, ref: prompt, argument: { name: "department", value: "e" } })).values).toEqual(["Engineering"]);
    expect((await h.core.dispatch("complete", { sessionId, ref: prompt, argument: { name: "member", value: "" }, context: { arguments: { department: "Sales" } } })).values).toEqual(["David", "Eve", "Frank"]);
    const template = { type: "ref/resource" as const, uri: "team://{department}/members{/member}" };
    expect((await h.core.dispatch("complete", { sessionId, ref: template, argument: { name: "member", value: "g" }, context: { arguments: { department: "Marketing" } } })).values).toEqual(["Grace"]);
    const sent = await completionRequests(h, sessionId);
    expect(sent).toHaveLength(3);
    if (era === "2026-07-28") {
      // E4: the same request, inside the modern envelope.
      for (const params of sent) expect(params._meta).toMatchObject({ "io.modelcontextprotocol/protocolVersion": "2026-07-28" });
    }
  });

  it("bounds a hostile answer: 1,000,000 values cut to 100, 1 MB strings and non-strings left out, and says so", async () => {
    const h = createHarness();
    const { sessionId } = await connectFixture(h, era, ["--hostile"]);
    const ref = { type: "ref/prompt" as const, name: "hostile" };
    const many = await h.core.dispatch("complete", { sessionId, ref, argument: { name: "many", value: "" } });
    expect(many.values).toHaveLength(100);
    expect(many.values[0]).toBe("v0");
    expect(many).toMatchObject({ total: 1_000_000, hasMore: true });
    expect(many.cut).toMatch(/the server sent 1,000,000 values; the spec allows 100/);
    const long = await h.core.dispatch("complete", { sessionId, ref, argument: { name: "long", value: "" } });
    expect(long.values).toEqual(["short", "<b>bold</b>"]);
    expect(long.total).toBeUndefined();
    expect(long.cut).toMatch(/1 longer than 4,096 characters left out; 2 that were not strings left out/);
  });

  it("a server error is readable, not a crash", async () => {
    const h = createHarness();
    const { sessionId } = await connectFixture(h, era, ["--hostile"]);
    await expect(h.core.dispatch("complete", { sessionId, ref: { type: "ref/prompt", name: "hostile" }, argument: { name: "nothing", value: "" } })).rejects.toThrow(/No completions for nothing/);
  });
});

describe("completion/complete edge cases", () => {
  it("a server that does not advertise completions is never asked", async () => {
    const h = createHarness();
    const { sessionId, serverCapabilities } = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/modern-server.mjs"), era: "2026-07-28" } });
    expect(serverCapabilities?.completions).toBeUndefined();
    await expect(h.core.dispatch("complete", { sessionId, ref: { type: "ref/prompt", name: "greeting" }, argument: { name: "x", value: "" } })).rejects.toThrow(
      /does not advertise the completions capability/,
    );
    expect(await completionRequests(h, sessionId)).toEqual([]);
  });
});

describe("completion/complete on 2026-07-28 over Streamable HTTP", () => {
  const children: ChildProcess[] = [];
  /** The completion fixture behind createMcpHandler, at its endpoint once it listens. */
  const startHttp = async () => `${await startListeningFixture("modern/modern-http-server.mjs", ["--completion"], children)}/mcp`;
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });


  it("E4: the request carries MCP-Protocol-Version and Mcp-Method: completion/complete, and no Mcp-Name", async () => {
    const url = await startHttp();
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: { name: "completion-http", transport: { type: "streamableHttp", url }, era: "2026-07-28" } });
    expect(info).toMatchObject({ state: "connected", era: "modern" });
    const result = await h.core.dispatch("complete", { sessionId: info.sessionId, ref: { type: "ref/prompt", name: "team" }, argument: { name: "department", value: "M" } });
    expect(result.values).toEqual(["Marketing"]);
    const headers = await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "http-headers", arguments: {} });
    const seen = JSON.parse((headers.content[0] as { text: string }).text) as { method: string; name: string | null; version: string | null; session: string | null }[];
    expect(seen.find((s) => s.method === "completion/complete")).toEqual({ method: "completion/complete", name: null, version: "2026-07-28", session: null });
  });
});
