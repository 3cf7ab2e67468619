// The 2026-07-28 equivalents of the capability checks: the session's own subscriptions/listen stream is
// acknowledged as the spec says (read from the log, nothing sent), and every cacheable result carries its
// cache hints (ttlMs, cacheScope).
import type { LogEntry } from "../../../shared/types.js";
import { fail, isObject, pass, problems, quote, skip, type Check } from "./check.js";
import type { CheckContext } from "./context.js";

const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
const ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
/** Which notification each filter field asks for. */
const FILTER_OF: Record<string, string> = {
  "notifications/tools/list_changed": "toolsListChanged",
  "notifications/prompts/list_changed": "promptsListChanged",
  "notifications/resources/list_changed": "resourcesListChanged",
  "notifications/resources/updated": "resourceSubscriptions",
};
/** How long the check waits for the acknowledgement of a listen the session opened just before. */
const ACK_WAIT_MS = 5000;
const ACK_POLL_MS = 100;

const subscriptionOf = (entry: LogEntry): unknown => {
  const params = isObject(entry.payload) && isObject(entry.payload.params) ? entry.payload.params : undefined;
  return isObject(params?._meta) ? params._meta[SUBSCRIPTION_ID] : undefined;
};

/** The session's latest listen, what the server sent on it, and its end (an answer, or the session's note of a failure), as logged. */
function listenIn(ctx: CheckContext): { request: LogEntry; on: LogEntry[]; answer?: LogEntry; ended?: string } | undefined {
  const entries = ctx.entries();
  const request = [...entries].reverse().find((e) => e.direction === "out" && e.method === "subscriptions/listen" && e.id !== undefined);
  if (!request) return undefined;
  const later = entries.filter((e) => e.seq > request.seq && e.direction === "in");
  const on = later.filter((e) => e.id === undefined && subscriptionOf(e) === request.id);
  const answer = later.find((e) => e.id === request.id && isObject(e.payload) && !("method" in e.payload));
  // A listen refused below JSON-RPC (an HTTP 404) has no answer in the log, only the session's note.
  const ended = later.map((e) => (isObject(e.payload) && typeof e.payload.note === "string" ? e.payload.note : "")).find((note) => note.includes("subscriptions/listen"));
  return { request, on, ...(answer ? { answer } : {}), ...(ended ? { ended } : {}) };
}

/** A filter field the server acknowledged that the client did not ask for (a list of URIs: any URI not asked). */
function beyond(asked: Record<string, unknown>, acknowledged: Record<string, unknown>): string[] {
  const extra: string[] = [];
  for (const [key, value] of Object.entries(acknowledged)) {
    if (value === false || value === undefined) continue;
    const wanted = asked[key];
    if (Array.isArray(value)) {
      const list = Array.isArray(wanted) ? wanted : [];
      const more = value.filter((v) => !list.includes(v));
      if (more.length) extra.push(`${key} ${quote(more.slice(0, 3), 120)}`);
    } else if (wanted === undefined || wanted === false) extra.push(key);
  }
  return extra;
}

/** Results the spec says MUST carry cache hints (2026-07-28 caching), by the capability that offers them. */
const CACHEABLE: { method: string; key: string; capability: string }[] = [
  { method: "tools/list", key: "tools", capability: "tools" },
  { method: "prompts/list", key: "prompts", capability: "prompts" },
  { method: "resources/list", key: "resources", capability: "resources" },
  { method: "resources/templates/list", key: "resourceTemplates", capability: "resources" },
];

/** What is wrong with one result's cache hints (nothing: undefined). */
function hintProblem(result: Record<string, unknown>): string | undefined {
  // An interim answer (input_required) is not cacheable and carries none.
  if (result.resultType !== undefined && result.resultType !== "complete") return undefined;
  const missing: string[] = [];
  const { ttlMs, cacheScope } = result;
  if (ttlMs === undefined) missing.push("no ttlMs");
  else if (typeof ttlMs !== "number" || !Number.isInteger(ttlMs) || ttlMs < 0) missing.push(`ttlMs ${quote(ttlMs, 40)} (an integer ≥ 0)`);
  if (cacheScope === undefined) missing.push("no cacheScope");
  else if (cacheScope !== "public" && cacheScope !== "private") missing.push(`cacheScope ${quote(cacheScope, 40)} (public or private)`);
  return missing.length ? missing.join(", ") : undefined;
}

export const modernCapabilityChecks: Check[] = [
  {
    id: "lifecycle.listen",
    area: "lifecycle",
    title: "subscriptions/listen is acknowledged first, with the subscription's id and no more than was asked",
    severity: "error",
    rule: "2026-07-28 subscriptions: the server MUST send notifications/subscriptions/acknowledged as the first message of a listen, carrying the subscription's id (the listen request's id) in _meta['io.modelcontextprotocol/subscriptionId'], and MUST NOT send a notification type the client did not request; the acknowledged filter is the subset the server honours.",
    async run(ctx) {
      if (ctx.era !== "modern") return skip("2026-07-28 only (2025-11-25 has no subscriptions/listen)");
      let listen = listenIn(ctx);
      if (!listen) return skip("the session opened no subscriptions/listen stream (or it is no longer in the log)");
      // The session opens its stream as it connects: the acknowledgement may still be on its way.
      for (let waited = 0; listen && !listen.on.some((e) => e.method === ACKNOWLEDGED) && !listen.answer && !listen.ended && waited < Math.min(ACK_WAIT_MS, ctx.timeoutMs); waited += ACK_POLL_MS) {
        await ctx.wait(ACK_POLL_MS);
        listen = listenIn(ctx);
      }
      if (!listen) return skip("the session's subscriptions/listen is no longer in the log");
      const { request, on, answer, ended } = listen;
      const messages = [request.seq, ...on.slice(0, 20).map((e) => e.seq), ...(answer ? [answer.seq] : [])];
      const error = isObject(answer?.payload) && isObject(answer.payload.error) ? answer.payload.error : undefined;
      if (error) return skip(`the server answered subscriptions/listen with error ${quote(error.code, 20)} ${quote(error.message, 120)}`, messages);
      const ack = on.find((e) => e.method === ACKNOWLEDGED);
      if (!ack && ended) return skip(`the session's listen ended: ${quote(ended, 200)}`, messages);
      if (!ack) return fail(`no ${ACKNOWLEDGED} naming subscription ${quote(request.id, 60)} within ${ACK_WAIT_MS / 1000} s of the listen`, messages);
      const asked = isObject(request.payload) && isObject(request.payload.params) && isObject(request.payload.params.notifications) ? request.payload.params.notifications : {};
      const found: string[] = [];
      const first = on[0]!;
      if (first !== ack) found.push(`${quote(first.method, 80)} (#${first.seq}) came before the acknowledgement`);
      const acknowledged = isObject(ack.payload) && isObject(ack.payload.params) && isObject(ack.payload.params.notifications) ? ack.payload.params.notifications : undefined;
      if (!acknowledged) found.push(`the acknowledgement (#${ack.seq}) has no notifications filter`);
      else for (const extra of beyond(asked, acknowledged)) found.push(`the acknowledgement (#${ack.seq}) grants ${extra}, which was not asked`);
      for (const e of on) {
        const field = e.method ? FILTER_OF[e.method] : undefined;
        if (field && (asked[field] === undefined || asked[field] === false)) found.push(`${quote(e.method, 80)} (#${e.seq}) was sent without ${field} in the filter`);
      }
      return problems(found, `acknowledged first under subscription ${quote(request.id, 60)} with ${quote(acknowledged, 200)}`, messages);
    },
  },
  {
    id: "lifecycle.cache-hints",
    area: "lifecycle",
    title: "Cacheable results carry ttlMs and cacheScope",
    severity: "error",
    rule: "2026-07-28 caching: servers MUST include caching hints (ttlMs, an integer ≥ 0; cacheScope, \"public\" or \"private\") on complete results of server/discover, tools/list, prompts/list, resources/list, resources/templates/list and resources/read.",
    async run(ctx) {
      if (ctx.era !== "modern") return skip("2026-07-28 only (2025-11-25 results carry no cache hints)");
      const found: string[] = [];
      const messages: number[] = [];
      let seen = 0;
      const discover = [...ctx.entries()].reverse().find((e) => e.direction === "in" && e.method === "server/discover" && isObject(e.payload) && isObject(e.payload.result));
      if (discover) {
        seen++;
        messages.push(discover.seq);
        const problem = hintProblem((discover.payload as { result: Record<string, unknown> }).result);
        if (problem) found.push(`server/discover (#${discover.seq}): ${problem}`);
      }
      for (const { method, key, capability } of CACHEABLE) {
        if (!isObject(ctx.capabilities[capability])) continue;
        const walk = await ctx.walk(method, key);
        walk.results.forEach((result, page) => {
          seen++;
          const problem = hintProblem(result);
          if (problem) found.push(`${method} page ${page + 1}: ${problem}`);
        });
        messages.push(...walk.messages.slice(0, 10));
      }
      // One read of the first listed resource (resources.read reads more): a read that asked for input first
      // is left out, its final result being one the spec says must not be cached.
      if (isObject(ctx.capabilities.resources)) {
        const uri = (await ctx.walk("resources/list", "resources")).items.filter(isObject).map((r) => r.uri).find((u): u is string => typeof u === "string");
        const read = uri === undefined ? undefined : await ctx.roundTrip("resources/read", { uri }, uri);
        if (read?.rounds === 1 && read.reply.result) {
          seen++;
          const problem = hintProblem(read.reply.result);
          if (problem) found.push(`resources/read of ${quote(uri, 80)}: ${problem}`);
          messages.push(...read.messages.slice(0, 4));
        }
      }
      if (!seen) return skip("no cacheable result was answered");
      return problems(found, `${seen} cacheable ${seen === 1 ? "result carries" : "results carry"} ttlMs and cacheScope`, messages);
    },
  },
];
