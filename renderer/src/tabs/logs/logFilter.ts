// Which log entries match the user's filter. Task ids are looked for where the protocol puts them:
// params.taskId (tasks/get, result, cancel), result.task (CreateTaskResult), result.taskId (a task
// object), notifications/tasks/status params, result.tasks (tasks/list) and related-task _meta; a
// response also names the task its request named (the core's `taskId`: an error or an empty ack has none).
import type { LogEntry } from "../../../../shared/types.js";

const RELATED_TASK = "io.modelcontextprotocol/related-task";

export interface LogFilter {
  direction: "all" | "in" | "out";
  method: string;
  taskId: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null ? (v as Obj) : undefined);

/** The task ids of a log entry: those in its message, and (a response) the task its request named. */
export function taskIdsOfEntry(entry: Pick<LogEntry, "payload" | "taskId">): string[] {
  const ids = taskIdsOf(entry.payload);
  return entry.taskId === undefined || ids.includes(entry.taskId) ? ids : [entry.taskId, ...ids];
}

export function taskIdsOf(payload: unknown): string[] {
  const message = obj(obj(payload)?.message) ?? obj(payload);
  if (!message) return [];
  const ids = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === "string") ids.add(v);
  };
  const params = obj(message.params);
  const result = obj(message.result);
  add(params?.taskId);
  add(obj(obj(params?._meta)?.[RELATED_TASK])?.taskId);
  add(result?.taskId);
  add(obj(result?.task)?.taskId);
  add(obj(obj(result?._meta)?.[RELATED_TASK])?.taskId);
  if (Array.isArray(result?.tasks)) for (const t of result.tasks) add(obj(t)?.taskId);
  return [...ids];
}

export function filterLog(entries: LogEntry[], filter: LogFilter): LogEntry[] {
  const method = filter.method.trim().toLowerCase();
  const taskId = filter.taskId.trim();
  if (filter.direction === "all" && !method && !taskId) return entries;
  return entries.filter(
    (e) =>
      (filter.direction === "all" || e.direction === filter.direction) &&
      // Issue 20: an App bridge message matches by its own method ("ui/", "App").
      (!method || (e.method ?? bridgeLabel(e.payload)).toLowerCase().includes(method)) &&
      (!taskId || taskIdsOfEntry(e).some((id) => id.includes(taskId))),
  );
}

/** Issue 20: the log's envelope of an App bridge message (main/core/apps/appBridge.ts). */
export function appBridgeMessage(payload: unknown): { direction: string; method: string } | undefined {
  const p = payload as { bridge?: unknown; message?: { method?: unknown; id?: unknown; refused?: unknown } } | null;
  if (!p || typeof p !== "object" || (p.bridge !== "app→host" && p.bridge !== "host→app")) return undefined;
  const m = p.message && typeof p.message === "object" ? p.message : {};
  const method =
    typeof m.method === "string" ? m.method.slice(0, 200) : typeof m.refused === "string" ? `refused ${m.refused.slice(0, 100)}` : m.id !== undefined ? "(response)" : "(note)";
  // The sandbox proxy's own notes (ready, a View ended, what went wrong in it) are not the View's words.
  const fromSandbox = p.bridge === "app→host" && (method === "ui/notifications/sandbox-proxy-ready" || method.startsWith("inspector/"));
  return { direction: fromSandbox ? "sandbox → host" : p.bridge === "app→host" ? "app → host" : "host → app", method };
}

function bridgeLabel(payload: unknown): string {
  const bridged = appBridgeMessage(payload);
  return bridged ? `App: ${bridged.method}` : "";
}
