// MCP Apps (issue 20, ../shared/APPS-SPEC.md) against a real App server on the SDK v2, in both eras:
// what the client advertises (AP1), which tools are App tools (AP1, AP2) and how a View is read (AP3).
import { describe, expect, it } from "vitest";
import { appToolInfo, callableByApp, offeredToUser } from "../../shared/apps.js";
import type { ClientFeatureToggles } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

const UI = "io.modelcontextprotocol/ui";
const ERAS = [
  ["2025-11-25", []],
  ["2026-07-28", ["--modern-only"]],
] as const;

async function connectApp(h: Harness, era: (typeof ERAS)[number][0], args: readonly string[], features: Partial<ClientFeatureToggles> = {}) {
  const server = { ...fixtureServer("apps/app-server.mjs", [...args], features), era };
  return h.core.dispatch("connect", { server });
}

async function advertised(h: Harness, sessionId: string) {
  const result = (await h.core.dispatch("callTool", { sessionId, name: "advertised", arguments: {} })) as { content: { text: string }[] };
  return JSON.parse(result.content[0]!.text) as { extensions?: Record<string, unknown> } | null;
}

describe.each(ERAS)("MCP Apps on %s", (era, args) => {
  it("AP1: the client advertises extensions[io.modelcontextprotocol/ui] with the App mime type, and the server sees it", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    expect(info.era).toBe(era === "2025-11-25" ? "legacy" : "modern");
    expect((await advertised(h, info.sessionId))?.extensions?.[UI]).toEqual({ mimeTypes: ["text/html;profile=mcp-app"] });
    expect((info.clientCapabilities as { extensions?: Record<string, unknown> }).extensions?.[UI]).toEqual({ mimeTypes: ["text/html;profile=mcp-app"] });
  });

  it("AP1: with Apps switched off for the server, nothing about Apps is advertised", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args, { apps: false });
    expect((await advertised(h, info.sessionId))?.extensions?.[UI]).toBeUndefined();
  });

  it("AP1/AP2: the listed tools are read as App tools (deprecated flat key marked) with their visibility", async () => {
    const h = createHarness();
    const info = await connectApp(h, era, args);
    const { tools } = await h.core.dispatch("listTools", { sessionId: info.sessionId });
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(appToolInfo(byName.get("greet")!)).toEqual({ resourceUri: "ui://greeting/view.html", deprecatedKey: false, visibility: ["model", "app"] });
    expect(appToolInfo(byName.get("greet-old")!)).toEqual({ resourceUri: "ui://greeting/view.html", deprecatedKey: true, visibility: ["model", "app"] });
    expect(appToolInfo(byName.get("plain")!)).toBeUndefined();
    expect(offeredToUser(byName.get("app-add")!)).toBe(false);
    expect(callableByApp(byName.get("app-add")!)).toBe(true);
    expect(offeredToUser(byName.get("model-only")!)).toBe(true);
    expect(callableByApp(byName.get("model-only")!)).toBe(false);
  });
});
