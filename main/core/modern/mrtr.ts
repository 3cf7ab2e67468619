// Multi round-trip requests (I1–I4): a tools/call, prompts/get or resources/read may answer
// `resultType: "input_required"`. Each round's input requests go to the user; once every one has an
// answer the original request is sent again with a new id, the same params, `inputResponses` under the
// same keys and `requestState` exactly as received. Rounds repeat until a result, an error or the limit.
import type { PendingInput } from "../../../shared/types.js";
import { inSettings } from "../../../shared/settingFields.js";
import { askInput, InputRequestError, readInputRequests, type InputDeskContext, type InputResponse } from "./inputRequests.js";
import type { RawResult } from "./modernConnection.js";

export const MRTR_METHODS = new Set(["tools/call", "prompts/get", "resources/read"]);

export interface RoundsContext {
  desk: InputDeskContext;
  /** I3: a server that keeps asking is stopped after this many rounds. */
  maxRounds: number;
  /** Sends one round (a new JSON-RPC id each time). `round` numbers the log's grouping (I5). */
  send(params: Record<string, unknown>, round: number): Promise<RawResult>;
  /** Where the pending inputs of the rounds belong, when the call belongs to a task. */
  link?: Pick<PendingInput, "relatedTaskId">;
  /** The user cancelled the call: a round waiting for input stops, and its inputs are withdrawn (I4). */
  signal?: AbortSignal;
}

export class RoundsError extends Error {
  override name = "RoundsError";
}

export interface RoundsOutcome {
  result: RawResult;
  /** How many requests the exchange took (1 when the server answered at once). */
  rounds: number;
}

export async function requestWithRounds(method: string, params: Record<string, unknown>, ctx: RoundsContext): Promise<RoundsOutcome> {
  let round = 1;
  let result = await ctx.send(params, round);
  while (result.resultType === "input_required") {
    if (round >= ctx.maxRounds) {
      throw new RoundsError(`${method} stopped after ${round} rounds: the server kept answering input_required (the round limit is ${ctx.maxRounds}: ${inSettings("maxInputRounds")})`);
    }
    const state = result.requestState;
    if (state !== undefined && typeof state !== "string") throw new RoundsError(`${method}: requestState is not a string`);
    let requests;
    try {
      requests = readInputRequests(result.inputRequests);
    } catch (error) {
      throw new RoundsError(`${method}: ${(error as Error).message}`);
    }
    if (requests.size === 0 && state === undefined) throw new RoundsError(`${method}: input_required with neither inputRequests nor requestState`);
    round++;
    // I3: a round that carries only requestState is retried at once.
    const responses = requests.size ? await answerAll(method, requests, round - 1, ctx) : undefined;
    const retry: Record<string, unknown> = { ...params };
    if (responses) retry.inputResponses = responses;
    if (state !== undefined) retry.requestState = state;
    result = await ctx.send(retry, round);
  }
  if (result.resultType !== undefined && result.resultType !== "complete" && !(method === "tools/call" && result.resultType === "task")) {
    throw new RoundsError(`${method}: invalid response: resultType "${String(result.resultType).slice(0, 100)}" is not allowed here`);
  }
  return { result, rounds: round };
}

/** I2: every request of the round answered (decline and cancel are answers); a refused sampling ends the call. */
async function answerAll(method: string, requests: Map<string, { method: string; params: Record<string, unknown> }>, round: number, ctx: RoundsContext): Promise<Record<string, InputResponse>> {
  const asked = [...requests].map(([key, request]) => ({ key, asked: askInput(ctx.desk, key, request, { modern: { via: "mrtr", key, round }, ...ctx.link }) }));
  let stopWaiting = () => {};
  try {
    const answers = Promise.all(
      asked.map(({ key, asked: a }) =>
        a.answer.then((answer) => {
          if (answer.kind === "rejected") throw new RoundsError(`${method} was not retried: you rejected the request "${key}" (${answer.message})`);
          return [key, answer.response] as const;
        }),
      ),
    );
    answers.catch(() => {}); // when a cancel wins the race, the withdrawn inputs' outcome goes nowhere
    const cancelled = new Promise<never>((_, reject) => {
      const signal = ctx.signal;
      if (!signal) return;
      const onAbort = () => reject(new RoundsError(`${method} was cancelled while waiting for your input: ${String(signal.reason ?? "cancelled")}`));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      stopWaiting = () => signal.removeEventListener("abort", onAbort);
    });
    return Object.fromEntries(await Promise.race([answers, cancelled]));
  } catch (error) {
    // I4: the rest of the round goes too, so nothing waits for an answer that can no longer be sent.
    for (const { asked: a } of asked) if (a.pendingInputId) ctx.desk.pendingInputs.withdraw(a.pendingInputId, "requestCancelled", `${method} ended: ${messageOf(error)}`);
    throw error instanceof InputRequestError ? new RoundsError(`${method}: ${error.message}`) : error;
  } finally {
    stopWaiting();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
