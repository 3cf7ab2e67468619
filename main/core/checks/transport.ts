// Transport: what the server wrote is JSON-RPC, one message at a time, each response answering a request
// we sent, once. Judged from the session's log, where the stdio reader and the recording transport keep
// every line, usable or not, in wire order.
import type { LogEntry } from "../../../shared/types.js";
import { isObject, problems, quote, skip, type Check } from "./check.js";
import type { CheckContext } from "./context.js";

/** The note the stdio reader gives a line it could not use (stdioMessageReader.ts). */
const UNUSABLE = /^(Not JSON-RPC:|Dropped a message from the server:)/;

function unusableNote(entry: LogEntry): string | undefined {
  const payload = entry.payload;
  if (!isObject(payload) || typeof payload.note !== "string" || !("message" in payload)) return undefined;
  return UNUSABLE.test(payload.note) ? payload.note : undefined;
}

const idText = (id: unknown) => quote(id, 60);

/** The problems of the server's side of the log, each with the entries that show it. */
export function framingProblems(entries: LogEntry[]): { found: string[]; messages: number[]; complete: boolean } {
  const found: string[] = [];
  const messages: number[] = [];
  const first = entries[0];
  // A log that dropped its oldest entries may have lost the request a response answers.
  const complete = !!first && first.direction === "out" && (first.method === "initialize" || first.method === "server/discover");
  const sent = new Set<string>();
  const answered = new Set<string>();
  const key = (id: unknown) => `${typeof id}:${String(id)}`;
  for (const entry of entries) {
    const payload = entry.payload;
    if (entry.direction === "out") {
      if (isObject(payload) && typeof payload.method === "string" && payload.id !== undefined) sent.add(key(payload.id));
      continue;
    }
    const note = unusableNote(entry);
    if (note) {
      const inner = isObject(payload) ? payload.message : undefined;
      found.push(Array.isArray(inner) ? `#${entry.seq}: a JSON-RPC batch (MCP has none)` : `#${entry.seq}: ${note.slice(0, 160)}`);
      messages.push(entry.seq);
      continue;
    }
    if (!isObject(payload)) continue;
    if (typeof payload.method === "string") {
      if (payload.method.startsWith("notifications/") && payload.id !== undefined) {
        found.push(`#${entry.seq}: the notification ${quote(payload.method, 60)} carries an id (${idText(payload.id)}): a notification has none`);
        messages.push(entry.seq);
      }
      continue;
    }
    if (!("result" in payload || "error" in payload)) continue;
    // An error without an id answers a request the server could not read: it is no stray.
    if (payload.id === undefined || payload.id === null) continue;
    const k = key(payload.id);
    if (answered.has(k)) {
      found.push(`#${entry.seq}: a second response to id ${idText(payload.id)}`);
      messages.push(entry.seq);
    } else if (!sent.has(k) && complete) {
      found.push(`#${entry.seq}: a response to id ${idText(payload.id)}, which the client never sent`);
      messages.push(entry.seq);
    }
    answered.add(k);
  }
  return { found, messages, complete };
}

export const transportChecks: Check[] = [
  {
    id: "transport.framing",
    area: "transport",
    readsLogOnly: true,
    title: "Every message is JSON-RPC, and each response answers a request once",
    severity: "error",
    rule: "Transports (2025-11-25, 2026-07-28): messages are JSON-RPC 2.0, UTF-8; on stdio the server MUST NOT write anything to stdout that is not a valid MCP message (logs go to stderr). A response answers a request the other side sent, with the same id, once; a notification MUST NOT carry an id. JSON-RPC batches are not part of MCP (removed in 2025-06-18).",
    async run(ctx: CheckContext) {
      const entries = ctx.entries();
      if (!entries.length) return skip("the log is empty");
      const { found, messages, complete } = framingProblems(entries);
      const ok = `every one of the server's ${entries.filter((e) => e.direction === "in").length} logged messages is JSON-RPC${complete ? ", and each response answers one request of ours, once" : " (the log dropped its oldest entries: responses were not matched to requests)"}`;
      return problems(found, ok, messages);
    },
  },
];
