// Lifecycle, both eras: the opening answer (initialize on 2025-11-25, server/discover on 2026-07-28) is
// well formed and names a version we offered; what the server declares matches what it then does; ping.
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { LogEntry } from "../../../shared/types.js";
import { fail, isObject, pass, problems, quote, skip, type Check } from "./check.js";
import type { CheckContext } from "./context.js";

/** The opening exchange in the log: our request and the server's answer that the session went on with. */
function opening(ctx: CheckContext): { request?: LogEntry; response?: LogEntry } {
  const method = ctx.era === "modern" ? "server/discover" : "initialize";
  const entries = ctx.entries();
  const response = [...entries].reverse().find((e) => e.direction === "in" && e.method === method && isObject(e.payload) && "result" in e.payload);
  const id = response?.id;
  const request = entries.find((e) => e.direction === "out" && e.method === method && e.id === id);
  return { ...(request ? { request } : {}), ...(response ? { response } : {}) };
}

function resultOf(entry: LogEntry | undefined): Record<string, unknown> | undefined {
  const payload = entry?.payload;
  return isObject(payload) && isObject(payload.result) ? payload.result : undefined;
}

const seqs = (...entries: (LogEntry | undefined)[]) => entries.filter((e): e is LogEntry => !!e).map((e) => e.seq);

/** What a declared capability must answer, and what an undeclared one should not. */
const CAPABILITY_METHODS: { capability: string; method: string }[] = [
  { capability: "tools", method: "tools/list" },
  { capability: "resources", method: "resources/list" },
  { capability: "prompts", method: "prompts/list" },
];

export const lifecycleChecks: Check[] = [
  {
    id: "lifecycle.handshake",
    area: "lifecycle",
    readsLogOnly: true,
    title: "The opening answer is well formed",
    severity: "error",
    rule: "2025-11-25 lifecycle: InitializeResult has protocolVersion (string), capabilities (object) and serverInfo (Implementation: name, version). 2026-07-28 server/discover: DiscoverResult has supportedVersions (string[]) and capabilities; servers MUST implement server/discover.",
    async run(ctx) {
      const { request, response } = opening(ctx);
      const result = resultOf(response);
      if (!result) return skip("the opening answer is not in the log (the log may have dropped it)");
      const found: string[] = [];
      if (!isObject(result.capabilities)) found.push(`capabilities is ${quote(result.capabilities, 60)}, not an object`);
      if (ctx.era === "modern") {
        const versions = result.supportedVersions;
        if (!Array.isArray(versions) || !versions.length || !versions.every((v) => typeof v === "string")) found.push(`supportedVersions is ${quote(versions, 80)}, not a non-empty list of strings`);
      } else {
        if (typeof result.protocolVersion !== "string") found.push(`protocolVersion is ${quote(result.protocolVersion, 60)}, not a string`);
        const info = result.serverInfo;
        if (!isObject(info) || typeof info.name !== "string" || typeof info.version !== "string") found.push(`serverInfo is ${quote(info, 80)}, not { name, version } strings`);
      }
      return problems(found, ctx.era === "modern" ? "server/discover answered supportedVersions and capabilities" : "initialize answered protocolVersion, capabilities and serverInfo", seqs(request, response));
    },
  },
  {
    id: "lifecycle.version",
    area: "lifecycle",
    readsLogOnly: true,
    title: "The protocol version is one the client offered",
    severity: "error",
    rule: "2025-11-25 lifecycle: if the server supports the requested version it MUST respond with the same version, otherwise with another version it supports (one the client can accept). 2026-07-28 versioning: the client picks a version from supportedVersions; every request then carries it.",
    async run(ctx) {
      const { request, response } = opening(ctx);
      const result = resultOf(response);
      if (!result) return skip("the opening answer is not in the log");
      const messages = seqs(request, response);
      if (ctx.era === "modern") {
        const used = ctx.info.protocolVersion;
        const versions = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
        return versions.includes(used) ? pass(`${quote(used)} is in supportedVersions ${quote(versions, 200)}`, messages) : fail(`the session uses ${quote(used)}, which supportedVersions ${quote(versions, 200)} does not name`, messages);
      }
      const params = isObject(request?.payload) && isObject(request.payload.params) ? request.payload.params : {};
      const asked = params.protocolVersion;
      const answered = result.protocolVersion;
      if (answered === asked) return pass(`answered the version asked for, ${quote(asked)}`, messages);
      return (SUPPORTED_PROTOCOL_VERSIONS as readonly unknown[]).includes(answered)
        ? pass(`answered ${quote(answered)} to ${quote(asked)}: another version the client supports`, messages)
        : fail(`answered ${quote(answered)} to ${quote(asked)}: not a version the client offered or supports`, messages);
    },
  },
  {
    id: "lifecycle.server-info",
    area: "lifecycle",
    title: "server/discover names the server",
    severity: "warning",
    rule: "2026-07-28 server/discover: `_meta['io.modelcontextprotocol/serverInfo']` (name and version of the server software); servers SHOULD include this field.",
    async run(ctx) {
      if (ctx.era !== "modern") return skip("2026-07-28 only (2025-11-25 carries serverInfo in initialize, checked by lifecycle.handshake)");
      const { response } = opening(ctx);
      const result = resultOf(response);
      if (!result) return skip("the opening answer is not in the log");
      const meta = isObject(result._meta) ? result._meta : {};
      const info = meta["io.modelcontextprotocol/serverInfo"] ?? result.serverInfo;
      return isObject(info) && typeof info.name === "string" ? pass(`names itself ${quote(info.name, 80)}`, seqs(response)) : fail("no serverInfo in server/discover's _meta", seqs(response));
    },
  },
  {
    id: "lifecycle.declared-capabilities",
    area: "lifecycle",
    title: "Every declared capability answers",
    severity: "error",
    // Whether a list method answers does not rest on how many of its items are kept.
    judgesAllItems: true,
    rule: "Capabilities (2025-11-25 lifecycle, 2026-07-28 server/discover): a server that declares tools, resources or prompts implements their list methods (tools/list, resources/list, prompts/list); -32601 (method not found) for a declared capability's method is a broken promise. (resources/templates/list is optional: a server may have no templates.)",
    async run(ctx) {
      const found: string[] = [];
      const messages: number[] = [];
      let declared = 0;
      for (const { capability, method } of CAPABILITY_METHODS) {
        if (!isObject(ctx.capabilities[capability])) continue;
        declared++;
        const walk = await ctx.walk(method, capability);
        messages.push(...walk.messages.slice(0, 4));
        if (walk.error?.code === -32601) found.push(`declares ${capability} but ${method} answered -32601 (${quote(walk.error.message, 100)})`);
      }
      if (!declared) return skip("declares none of tools, resources, prompts");
      // listChanged is a promise of notifications the checks cannot provoke: it is said, not tried.
      const changes = ["tools", "resources", "prompts"].filter((c) => isObject(ctx.capabilities[c]) && (ctx.capabilities[c] as Record<string, unknown>).listChanged === true);
      const noted = changes.length ? ` (listChanged declared for ${changes.join(", ")}: noted, not provoked)` : "";
      return problems(found, `${declared === 1 ? "the declared capability answers its list method" : `each of the ${declared} declared capabilities answers its list method`}${noted}`, messages);
    },
  },
  {
    id: "lifecycle.undeclared-capabilities",
    area: "lifecycle",
    title: "Nothing works that is not declared",
    severity: "warning",
    rule: "Capabilities (2025-11-25 lifecycle, 2026-07-28 server/discover): a server declares what it offers; a list method that works without its capability is a feature clients never see.",
    async run(ctx) {
      const found: string[] = [];
      const messages: number[] = [];
      const undeclared = CAPABILITY_METHODS.filter(({ capability }) => !isObject(ctx.capabilities[capability]));
      if (!undeclared.length) return skip("declares tools, resources and prompts: nothing undeclared to try");
      for (const { capability, method } of undeclared) {
        const reply = await ctx.request(method);
        messages.push(...reply.messages);
        if (reply.result) found.push(`${method} works, but ${capability} is not declared`);
      }
      return problems(found, `the undeclared ${undeclared.map((u) => u.method).join(", ")} ${undeclared.length === 1 ? "is" : "are"} refused`, messages);
    },
  },
  {
    id: "lifecycle.ping",
    area: "lifecycle",
    title: "ping answers an empty result",
    severity: "error",
    rule: "2025-11-25 ping: the receiver MUST respond promptly with an empty response, `{}` (`_meta` aside).",
    async run(ctx) {
      if (ctx.era === "modern") return skip("2026-07-28 has no ping");
      const reply = await ctx.request("ping");
      if (reply.error) return fail(`ping answered error ${reply.error.code}: ${quote(reply.error.message)}`, reply.messages);
      if (!reply.result) return fail(`ping got no answer: ${reply.noAnswer ?? ""}`, reply.messages);
      const keys = Object.keys(reply.result).filter((k) => k !== "_meta");
      return keys.length ? fail(`ping answered ${quote(reply.result, 200)}, not {}`, reply.messages) : pass("ping answered {}", reply.messages);
    },
  },
];
