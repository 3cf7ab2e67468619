// Modern input requests (MRTR rounds, I1; a modern task's inputRequests, M5) become the same pending
// inputs a legacy server request does: same tabs, forms, validation and notifications. `roots/list` is
// answered from the session's roots without asking the user.
import type { PendingInput } from "../../../shared/types.js";
import { newPendingInput, type PendingAnswer, type PendingInputs } from "../pendingInputs.js";
import type { Ports } from "../ports.js";

/** The most input requests one round (or one task poll) may carry; a server sending more is refused. */
export const MAX_INPUT_REQUESTS = 100;

export interface InputRequest {
  method: string;
  params: Record<string, unknown>;
}

export type InputResponse = Record<string, unknown>;

/** An answer the server receives under the request's key, or the user's refusal, which ends the exchange. */
export type KeyAnswer = { kind: "response"; response: InputResponse } | { kind: "rejected"; message: string };

export interface InputDeskContext {
  sessionId: string;
  serverName: string;
  ports: Ports;
  pendingInputs: PendingInputs;
  roots(): { uri: string; name?: string }[];
  /** What the user switched on: a request for something we did not declare is the server's mistake. */
  features: { sampling: boolean; elicitation: boolean; roots: boolean };
}

export class InputRequestError extends Error {
  override name = "InputRequestError";
}

/** Reads an `inputRequests` map as the server sent it: bounded, every entry `{ method, params }`. */
export function readInputRequests(value: unknown): Map<string, InputRequest> {
  if (value === undefined) return new Map();
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new InputRequestError("inputRequests is not an object");
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_INPUT_REQUESTS) {
    throw new InputRequestError(`inputRequests has ${entries.length} entries; at most ${MAX_INPUT_REQUESTS} are accepted`);
  }
  const requests = new Map<string, InputRequest>();
  for (const [key, request] of entries) {
    if (key.length > 1000) throw new InputRequestError("an inputRequests key is longer than 1000 characters");
    const r = request as { method?: unknown; params?: unknown } | null;
    if (!r || typeof r !== "object" || typeof r.method !== "string") throw new InputRequestError(`inputRequests["${key.slice(0, 100)}"] has no method`);
    const params = r.params && typeof r.params === "object" && !Array.isArray(r.params) ? (r.params as Record<string, unknown>) : {};
    requests.set(key, { method: r.method, params });
  }
  return requests;
}

export interface AskedInput {
  /** Settles once: the answer under its key, the user's refusal, or a rejection when the input is withdrawn. */
  answer: Promise<KeyAnswer>;
  /** The pending input shown to the user, if one was needed (roots/list needs none). */
  pendingInputId?: string;
}

/**
 * One input request to the user (or answered at once for roots/list). `link` says where it came from
 * (an MRTR round or a task) for the Sampling / Elicitations tabs.
 */
export function askInput(ctx: InputDeskContext, key: string, request: InputRequest, link: Pick<PendingInput, "modern" | "relatedTaskId">): AskedInput {
  switch (request.method) {
    case "roots/list":
      if (!ctx.features.roots) return refused(`the server asked for roots/list under "${key}", but roots are switched off for it`);
      return { answer: Promise.resolve({ kind: "response", response: { roots: ctx.roots() } }) };
    case "elicitation/create":
      if (!ctx.features.elicitation) return refused(`the server asked for elicitation under "${key}", but elicitation is switched off for it`);
      return ask(ctx, "elicitation", request.params, link);
    case "sampling/createMessage":
      if (!ctx.features.sampling) return refused(`the server asked for sampling under "${key}", but sampling is switched off for it`);
      return ask(ctx, "sampling", request.params, link);
    default:
      return refused(`the server asked for "${request.method.slice(0, 100)}" under "${key}", which is not an input request (elicitation/create, sampling/createMessage, roots/list)`);
  }
}

function ask(ctx: InputDeskContext, kind: PendingInput["kind"], params: Record<string, unknown>, link: Pick<PendingInput, "modern" | "relatedTaskId">): AskedInput {
  const input = newPendingInput(ctx, kind, params, link);
  const answer = new Promise<KeyAnswer>((resolve, reject) => {
    ctx.pendingInputs.add(input, {
      answered: (given: PendingAnswer) => resolve(keyAnswerOf(given)),
      withdrawn: (_reason, message) => reject(new InputRequestError(message)),
    });
  });
  return { answer, pendingInputId: input.id };
}

function keyAnswerOf(answer: PendingAnswer): KeyAnswer {
  // A rejected sampling request has no result to send: the server is not waiting for one (no retry).
  if ("error" in answer) return { kind: "rejected", message: answer.error.message };
  return { kind: "response", response: answer.result as InputResponse };
}

function refused(message: string): AskedInput {
  return { answer: Promise.reject(new InputRequestError(message)) };
}
