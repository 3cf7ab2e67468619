// Every declared capability beyond the lists is tried once, with requests that change nothing the user
// cares about: logging's level set (to the level a client asks for anyway), a completion asked for an
// empty value, a subscription made and taken back.
import { fail, isObject, pass, quote, skip, type Check, type Finding } from "./check.js";
import type { CheckContext, Reply } from "./context.js";

/** A failure when the request was refused or not answered; undefined when it was answered. */
function answered(reply: Reply, what: string): Finding | undefined {
  if (reply.error) return fail(`${what} answered error ${reply.error.code} ${quote(reply.error.message, 120)}`, reply.messages);
  if (!reply.result) return fail(`${what} got no answer (${reply.noAnswer ?? "no reason"})`, reply.messages);
  return undefined;
}

/** A prompt argument or a template variable to complete, from the lists the checks walk anyway. */
async function completionTarget(ctx: CheckContext): Promise<{ ref: Record<string, unknown>; argument: string } | undefined> {
  if (isObject(ctx.capabilities.prompts)) {
    const prompts = (await ctx.walk("prompts/list", "prompts")).items.filter(isObject);
    for (const prompt of prompts) {
      const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
      const arg = args.find((a) => typeof a.name === "string");
      if (typeof prompt.name === "string" && arg) return { ref: { type: "ref/prompt", name: prompt.name }, argument: arg.name as string };
    }
  }
  if (isObject(ctx.capabilities.resources)) {
    const templates = (await ctx.walk("resources/templates/list", "resourceTemplates")).items.filter(isObject);
    for (const template of templates) {
      if (typeof template.uriTemplate !== "string") continue;
      const variable = /\{[+#./;?&]?([A-Za-z0-9_%.]+)/.exec(template.uriTemplate)?.[1];
      if (variable) return { ref: { type: "ref/resource", uri: template.uriTemplate }, argument: variable };
    }
  }
  return undefined;
}

export const capabilityChecks: Check[] = [
  {
    id: "lifecycle.logging",
    area: "lifecycle",
    title: "Declared logging accepts logging/setLevel",
    severity: "error",
    rule: "2025-11-25 logging: servers that emit log messages MUST declare the logging capability; a client sets the minimum level with logging/setLevel, which the server answers with an empty result.",
    async run(ctx) {
      if (!isObject(ctx.capabilities.logging)) return skip("declares no logging");
      if (ctx.era === "modern") return skip("2026-07-28 has no logging/setLevel: the level rides on each request's _meta");
      const reply = await ctx.request("logging/setLevel", { level: "info" });
      return answered(reply, "logging/setLevel") ?? pass("logging/setLevel (info) answered", reply.messages);
    },
  },
  {
    id: "lifecycle.completions",
    area: "lifecycle",
    title: "Declared completions answer completion/complete",
    severity: "error",
    rule: "2025-11-25 and 2026-07-28 completion: servers that support completions MUST declare the completions capability; completion/complete for a prompt argument or a resource template variable answers completion.values, a list of at most 100 strings.",
    async run(ctx) {
      if (!isObject(ctx.capabilities.completions)) return skip("declares no completions");
      const target = await completionTarget(ctx);
      if (!target) return skip("lists no prompt with an argument and no resource template with a variable to complete");
      const reply = await ctx.request("completion/complete", { ref: target.ref, argument: { name: target.argument, value: "" } });
      const what = `completion/complete of ${quote(target.ref.name ?? target.ref.uri, 80)} ${quote(target.argument, 40)}`;
      const bad = answered(reply, what);
      if (bad) return bad;
      const completion = reply.result?.completion;
      const values = isObject(completion) ? completion.values : undefined;
      if (!Array.isArray(values) || !values.every((v) => typeof v === "string")) return fail(`${what} answered completion ${quote(completion, 120)}, without a list of strings in values`, reply.messages);
      if (values.length > 100) return fail(`${what} answered ${values.length} values, over the 100 allowed`, reply.messages);
      return pass(`${what} answered ${values.length} value${values.length === 1 ? "" : "s"}`, reply.messages);
    },
  },
  {
    id: "lifecycle.subscribe",
    area: "lifecycle",
    title: "Declared resource subscriptions can be made and taken back",
    severity: "error",
    rule: "2025-11-25 resources: a server declaring resources.subscribe supports resources/subscribe and resources/unsubscribe for a resource's URI (each answered with an empty result).",
    async run(ctx) {
      const resources = ctx.capabilities.resources;
      if (!isObject(resources) || resources.subscribe !== true) return skip("does not declare resources.subscribe");
      if (ctx.era === "modern") return skip("2026-07-28 subscribes through subscriptions/listen, the session's own stream (not tried again here)");
      const uri = (await ctx.walk("resources/list", "resources")).items.filter(isObject).map((r) => r.uri).find((u): u is string => typeof u === "string");
      if (!uri) return skip("lists no resource to subscribe to");
      const on = await ctx.request("resources/subscribe", { uri });
      const off = await ctx.request("resources/unsubscribe", { uri });
      const messages = [...on.messages, ...off.messages];
      const bad = answered(on, `resources/subscribe of ${quote(uri, 80)}`) ?? answered(off, `resources/unsubscribe of ${quote(uri, 80)}`);
      return bad ? { ...bad, messages } : pass(`resources/subscribe and resources/unsubscribe of ${quote(uri, 80)} answered`, messages);
    },
  },
];
