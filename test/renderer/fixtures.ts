// Small builders for the domain objects component tests feed the UI.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ClientTask, PendingInput, ReceiverTask, SessionInfo, TaskStatus, ToolRun } from "../../shared/types.js";

export const T0 = Date.parse("2025-11-25T10:00:00.000Z");

export function session(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    sessionId: "s1",
    serverName: "Everything (demo)",
    state: "connected",
    serverCapabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    ...overrides,
  };
}

export function tool(name: string, overrides: Partial<Tool> = {}): Tool {
  return { name, inputSchema: { type: "object", properties: {} }, ...overrides } as Tool;
}

function taskObject(taskId: string, status: TaskStatus, createdAt: number, ttl: number | null) {
  const iso = new Date(createdAt).toISOString();
  return { taskId, status, createdAt: iso, lastUpdatedAt: iso, ttl, pollInterval: 500 };
}

export function clientTask(taskId: string, overrides: { status?: TaskStatus; createdAt?: number; ttl?: number | null; sessionId?: string } & Partial<Omit<ClientTask, "task">> = {}): ClientTask {
  const { status = "working", createdAt = T0, ttl = 60_000, sessionId = "s1", ...rest } = overrides;
  return { sessionId, toolName: "simulate-research-query", arguments: { topic: "x" }, task: taskObject(taskId, status, createdAt, ttl), pendingInputIds: [], ...rest };
}

export function receiverTask(taskId: string, overrides: { status?: TaskStatus; createdAt?: number; ttl?: number | null; sessionId?: string } & Partial<Omit<ReceiverTask, "task">> = {}): ReceiverTask {
  const { status = "working", createdAt = T0, ttl = 60_000, sessionId = "s1", ...rest } = overrides;
  return { sessionId, method: "elicitation/create", task: taskObject(taskId, status, createdAt, ttl), ...rest };
}

export function elicitation(id: string, params: Record<string, unknown>, overrides: Partial<PendingInput> = {}): PendingInput {
  return { id, sessionId: "s1", serverName: "Everything (demo)", kind: "elicitation", params, receivedAt: new Date(T0).toISOString(), ...overrides };
}

export function sampling(id: string, params: Record<string, unknown> = {}, overrides: Partial<PendingInput> = {}): PendingInput {
  return {
    id,
    sessionId: "s1",
    serverName: "Everything (demo)",
    kind: "sampling",
    params: { messages: [{ role: "user", content: { type: "text", text: "Say hello" } }], maxTokens: 100, ...params },
    receivedAt: new Date(T0).toISOString(),
    ...overrides,
  };
}

/** A tool run as the core reports it (issue 13). */
export function toolRun(runId: number, overrides: Partial<ToolRun> = {}): ToolRun {
  return { runId, sessionId: "s1", toolName: "echo", arguments: {}, asTask: false, status: "running", startedAt: T0, ...overrides };
}
