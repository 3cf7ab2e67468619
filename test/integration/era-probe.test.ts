// The era setting and the probe (E1, E2) against real servers over stdio: legacy servers that meet
// `server/discover` in every way the spec allows, a dual-era server, a modern-only server.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

async function logOf(h: Harness, sessionId: string): Promise<LogEntry[]> {
  return (await h.core.dispatch("getLog", { sessionId })).entries;
}

const sent = (entries: LogEntry[]) => entries.filter((e) => e.direction === "out" && e.method).map((e) => e.method);

async function hello(h: Harness, sessionId: string) {
  const result = await h.core.dispatch("callTool", { sessionId, name: "hello", arguments: {} });
  return (result.content[0] as { text: string }).text;
}

describe("the era probe on stdio (E2)", () => {
  it("E2: a legacy server that stays silent is spoken to as 2025-11-25 after the probe timeout, on the same process", async () => {
    const h = createHarness({ settings: { eraProbeTimeoutMs: 300 } });
    const starts = join(mkdtempSync(join(tmpdir(), "era-")), "starts");
    const info = await h.core.dispatch("connect", { server: fixtureServer("era-quirks.mjs", ["silent", starts]) });
    expect(info).toMatchObject({ state: "connected", era: "legacy", protocolVersion: "2025-11-25" });
    expect(info.eraProbe).toBe("server/discover: no answer in 300 ms, so 2025-11-25 (initialize)");
    expect(await hello(h, info.sessionId)).toBe("hello from silent");
    expect(sent(await logOf(h, info.sessionId)).slice(0, 3)).toEqual(["server/discover", "initialize", "notifications/initialized"]);
    expect(readFileSync(starts, "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("E2: a late answer to the probe is ignored: no error, the session carries on", async () => {
    const h = createHarness({ settings: { eraProbeTimeoutMs: 200 } });
    const info = await h.core.dispatch("connect", { server: fixtureServer("era-quirks.mjs", ["late"]) });
    expect(info.era).toBe("legacy");
    await h.waitFor("logEntry", (e) => e.direction === "in" && e.id === "inspector-era-probe-1");
    expect(await hello(h, info.sessionId)).toBe("hello from late");
    expect(h.events.filter((e) => e.type === "stderrLine" && /unknown message ID|transport/i.test(e.payload.line))).toEqual([]);
  });

  it("E2: a server that exits on the probe is started once more, in legacy, and never runs twice at once", async () => {
    const h = createHarness();
    const starts = join(mkdtempSync(join(tmpdir(), "era-")), "starts");
    const info = await h.core.dispatch("connect", { server: fixtureServer("era-quirks.mjs", ["exit-on-unknown", starts]) });
    expect(info).toMatchObject({ state: "connected", era: "legacy" });
    expect(info.eraProbe).toBe("the server's process ended during the era probe");
    expect(await hello(h, info.sessionId)).toBe("hello from exit-on-unknown");
    const lines = readFileSync(starts, "utf8").trim().split("\n");
    expect(lines.map((l) => l.split(" ")[0])).toEqual(["start", "exit", "start"]);
  });

  it("E2: any other error means legacy, whatever its code: -32022 naming only 2025-11-25, and a DiscoverResult without a version we speak", async () => {
    const h = createHarness();
    const a = await h.core.dispatch("connect", { server: fixtureServer("era-quirks.mjs", ["legacy-32022"]) });
    expect(a).toMatchObject({ era: "legacy", state: "connected" });
    expect(a.eraProbe).toMatch(/-32022, the server supports 2025-11-25/);
    const b = await h.core.dispatch("connect", { server: fixtureServer("era-quirks.mjs", ["future-only"]) });
    expect(b).toMatchObject({ era: "legacy", state: "connected" });
    expect(b.eraProbe).toMatch(/lists no 2026-07-28 version \(2099-01-01\)/);
  });

  it("E2: the era found is remembered per server entry: the next connect skips the probe", async () => {
    const h = createHarness({ settings: { eraProbeTimeoutMs: 200 } });
    const server = fixtureServer("era-quirks.mjs", ["silent"]);
    await h.core.dispatch("connect", { server });
    const again = await h.core.dispatch("connect", { server });
    expect(again.eraProbe).toBe("remembered from an earlier connection as 2025-11-25: no probe");
    expect(sent(await logOf(h, again.sessionId))[0]).toBe("initialize");
  });
  it("E2: an era remembered as 2025-11-25 that then fails (the server was upgraded to 2026-07-28 only) is probed again within the same Connect", async () => {
    // The default probe timeout: a short one would let a modern server that is slow to start on a busy
    // machine look legacy. The first start answers the probe at once with a legacy -32022.
    const h = createHarness();
    const which = join(mkdtempSync(join(tmpdir(), "era-")), "which.json");
    writeFileSync(which, JSON.stringify(["era-quirks.mjs", "legacy-32022"]));
    const server = fixtureServer("upgraded-server.mjs", [which]);
    const first = await h.core.dispatch("connect", { server });
    expect(first.era).toBe("legacy");
    await h.core.dispatch("disconnect", { sessionId: first.sessionId });

    writeFileSync(which, JSON.stringify(["modern/modern-server.mjs", "--modern-only"]));
    const upgraded = await h.core.dispatch("connect", { server });
    expect(upgraded).toMatchObject({ state: "connected", era: "modern", protocolVersion: "2026-07-28" });
    const log = await logOf(h, upgraded.sessionId);
    expect(sent(log).slice(0, 2)).toEqual(["initialize", "server/discover"]);
    expect(log.some((e) => /^2025-11-25, remembered for this server, failed \(.*\): probing its era again$/.test((e.payload as { note?: string }).note ?? ""))).toBe(true);
    // And it is remembered as modern now: the next Connect needs no failure to find it.
    await h.core.dispatch("disconnect", { sessionId: upgraded.sessionId });
    const again = await h.core.dispatch("connect", { server });
    expect(sent(await logOf(h, again.sessionId))[0]).toBe("server/discover");
  });
});

describe("the era setting (E1)", () => {
  it("E1: 2025-11-25 speaks initialize to a dual-era server without probing", async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/modern-server.mjs"), era: "2025-11-25" } });
    expect(info).toMatchObject({ state: "connected", era: "legacy", eraProbe: "2025-11-25 chosen for this server: no probe" });
    const log = await logOf(h, info.sessionId);
    expect(sent(log)[0]).toBe("initialize");
    expect(log[0]?.remark).toBe("Era: 2025-11-25 (initialize). 2025-11-25 chosen for this server: no probe");
    const result = await h.core.dispatch("callTool", { sessionId: info.sessionId, name: "echo", arguments: { text: "legacy" } });
    expect(result.content).toEqual([{ type: "text", text: "legacy" }]);
  });

  it("E1: Auto speaks 2026-07-28 to the same dual-era server", async () => {
    const h = createHarness();
    const info = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs") });
    expect(info.era).toBe("modern");
  });

  it("E1: 2026-07-28 against a legacy server fails with a clear reason instead of falling back", async () => {
    const h = createHarness();
    await expect(h.core.dispatch("connect", { server: { ...fixtureServer("session-server.mjs"), era: "2026-07-28" } })).rejects.toThrow(
      /did not answer as a 2026-07-28 server: server\/discover answered error -32601/,
    );
  });

  it("E1: 2025-11-25 against a modern-only server fails with the server's own words", async () => {
    const h = createHarness();
    await expect(h.core.dispatch("connect", { server: { ...fixtureServer("modern/modern-server.mjs", ["--modern-only"]), era: "2025-11-25" } })).rejects.toThrow(
      /-32022: Unsupported protocol version: 2025-11-25\. The server speaks a newer protocol: set this server's era to Auto or 2026-07-28/,
    );
    const modern = await h.core.dispatch("connect", { server: fixtureServer("modern/modern-server.mjs", ["--modern-only"]) });
    expect(modern.era).toBe("modern");
  });

  it("E5: on 2025-11-25 a roots/list that arrives while no request of ours is in flight is served, and marked unsolicited in the log", async () => {
    const h = createHarness({ settings: { eraProbeTimeoutMs: 200 } });
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("era-quirks.mjs", ["silent"]) });
    await h.core.dispatch("callTool", { sessionId, name: "ask-later", arguments: {} });
    const answer = await h.waitFor("logEntry", (e) => e.direction === "out" && e.id === "later-1");
    expect(answer.payload).toMatchObject({ result: { roots: [] } });
    const request = (await logOf(h, sessionId)).find((e) => e.direction === "in" && e.id === "later-1");
    expect(request?.remark).toBe("Unsolicited: no request of ours was in flight (SEP-2260); served anyway");
  });
});
