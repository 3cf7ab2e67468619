// Multi round-trip requests (2026-07-28, SEP-2322), the server's side: judged on the tool calls the checks
// made (context.ts follows their rounds, answering safely and echoing requestState byte for byte).
import { isObject, plural, problems, quote, skip, type Check } from "./check.js";
import type { CheckContext, ToolCall } from "./context.js";

const INPUT_METHODS: Record<string, string> = { "elicitation/create": "elicitation", "sampling/createMessage": "sampling", "roots/list": "roots" };

async function roundCalls(ctx: CheckContext): Promise<ToolCall[]> {
  return (await ctx.plainCalls()).filter((c) => c.inputRounds.length > 0);
}

const NO_ROUNDS = "no tool the checks called asked for input (name one with --call)";

export const mrtrChecks: Check[] = [
  {
    id: "mrtr.input-required",
    area: "mrtr",
    title: "InputRequiredResult is well formed",
    severity: "error",
    rule: "2026-07-28 multi round-trip requests: servers MUST include at least one of inputRequests or requestState in every InputRequiredResult; inputRequests values MUST be elicitation/create, sampling/createMessage or roots/list requests; servers MUST NOT send an input request the client has not declared support for.",
    async run(ctx) {
      if (ctx.era !== "modern") return skip("2026-07-28 only");
      const calls = await roundCalls(ctx);
      if (!calls.length) return skip(NO_ROUNDS);
      const declared = (ctx.info.clientCapabilities ?? {}) as Record<string, unknown>;
      const found: string[] = [];
      for (const call of calls) {
        for (const round of call.inputRounds) {
          const requests = round.inputRequests;
          if (requests === undefined && typeof round.requestState !== "string") found.push(`${quote(call.tool, 60)}: a round with neither inputRequests nor requestState`);
          if (requests !== undefined && !isObject(requests)) found.push(`${quote(call.tool, 60)}: inputRequests is ${quote(requests, 40)}, not an object`);
          for (const [key, request] of Object.entries(isObject(requests) ? requests : {}).slice(0, 50)) {
            const method = isObject(request) ? request.method : undefined;
            const capability = typeof method === "string" ? INPUT_METHODS[method] : undefined;
            if (!capability) found.push(`${quote(call.tool, 60)}: input request ${quote(key, 40)} is ${quote(method, 60)}, not one of ${Object.keys(INPUT_METHODS).join(", ")}`);
            else if (!isObject(declared[capability])) found.push(`${quote(call.tool, 60)}: asks for ${method}, which the client did not declare`);
          }
        }
      }
      // A server that loops repeats the same fault each round: said once.
      return problems([...new Set(found)], `${plural(calls.reduce((n, c) => n + c.inputRounds.length, 0), "input round")}, each well formed`, calls.flatMap((c) => c.messages));
    },
  },
  {
    id: "mrtr.rounds",
    area: "mrtr",
    title: "Answered rounds come to an end",
    severity: "warning",
    rule: "2026-07-28 multi round-trip requests: rounds repeat until a complete result or an error; a client stops a server that loops (I3: a round limit, default 10). Every input was answered and requestState echoed byte for byte.",
    async run(ctx) {
      if (ctx.era !== "modern") return skip("2026-07-28 only");
      const calls = await roundCalls(ctx);
      if (!calls.length) return skip(NO_ROUNDS);
      const found = calls.filter((c) => c.roundsExceeded).map((c) => `${quote(c.tool, 60)} still asked for input after ${ctx.maxRounds} rounds`);
      const errors = calls.filter((c) => c.reply.error).map((c) => `${quote(c.tool, 60)} → error ${c.reply.error!.code}`);
      return problems(found, `${calls.map((c) => `${quote(c.tool, 60)} ended in ${c.rounds} rounds`).join(", ")}${errors.length ? ` (${errors.join(", ")})` : ""}`, calls.flatMap((c) => c.messages));
    },
  },
  {
    id: "mrtr.missing-response",
    area: "mrtr",
    title: "A retry without the answers is asked again",
    severity: "warning",
    rule: "2026-07-28 multi round-trip requests: if a retry lacks information the server requested, the server SHOULD respond with a new InputRequiredResult requesting the missing information again, rather than returning an error.",
    async run(ctx) {
      if (ctx.era !== "modern") return skip("2026-07-28 only");
      const calls = (await roundCalls(ctx)).filter((c) => c.missingAnswer);
      if (!calls.length) return skip(NO_ROUNDS);
      const found: string[] = [];
      for (const call of calls) {
        const reply = call.missingAnswer!;
        if (reply.result?.resultType === "input_required") continue;
        found.push(`${quote(call.tool, 60)}: a retry without inputResponses answered ${reply.error ? `error ${reply.error.code} ${quote(reply.error.message, 100)}` : reply.result ? quote(reply.result, 100) : `nothing (${reply.noAnswer})`}`);
      }
      return problems(found, calls.length === 1 ? "the retry without answers was asked again" : `${calls.length} retries without answers were asked again`, calls.flatMap((c) => c.missingAnswer!.messages));
    },
  },
];
