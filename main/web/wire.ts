// The browser-mode wire (see renderer/src/api/webSocketBridge.ts for the other end):
//   client → server  { type: "call", id, method, params }
//   server → client  { type: "result", id, ok: true, result } | { type: "result", id, ok: false, error: { message } }
//                    { type: "events", events }
//                    { type: "notice", text }   (once, first on a page's new socket: why its last one was dropped)
// Params are parsed by the core against the contract; this only checks the envelope.
import { isApiMethod, type ApiMethod, type InspectorEvent } from "../../shared/contract.js";

export type ServerMessage =
  | { type: "result"; id: number; ok: true; result: unknown }
  | { type: "result"; id: number; ok: false; error: { message: string } }
  | { type: "events"; events: InspectorEvent[] }
  | { type: "notice"; text: string };

/** A page's own id in the API URL (`&page=`): random, the same on each of its reconnects. */
const PAGE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function pageIdOf(url: URL): string | undefined {
  const id = url.searchParams.get("page");
  return id !== null && PAGE_ID.test(id) ? id : undefined;
}

export type ParsedClientMessage =
  | { kind: "call"; id: number; method: ApiMethod; params: unknown }
  /** Answerable: it carries an id, so the caller gets an error result. */
  | { kind: "reject"; id: number; message: string }
  /** Unanswerable (no id to answer to): the socket is closed with this reason. */
  | { kind: "fatal"; reason: string };

export function parseClientMessage(text: string): ParsedClientMessage {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { kind: "fatal", reason: "Invalid message: not JSON" };
  }
  if (!message || typeof message !== "object" || Array.isArray(message)) {
    return { kind: "fatal", reason: "Invalid message: expected a JSON object" };
  }
  const { type, id, method, params } = message as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 0) {
    return { kind: "fatal", reason: "Invalid message: missing numeric id" };
  }
  if (type !== "call") return { kind: "reject", id, message: `Unknown message type ${JSON.stringify(type)}; only "call" is accepted` };
  if (!isApiMethod(method)) return { kind: "reject", id, message: `Unknown method: ${typeof method === "string" ? method.slice(0, 100) : JSON.stringify(method)}` };
  return { kind: "call", id, method, params };
}
