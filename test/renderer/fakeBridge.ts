// An in-memory InspectorBridge for component tests: records every call, answers with per-method
// handlers (defaults for the calls the app makes on start), and lets a test push event batches.
import { act } from "@testing-library/react";
import {
  API_METHODS,
  type ApiMethod,
  type ApiParams,
  type ApiResult,
  type InspectorBridge,
  type InspectorEvent,
} from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type SavedServer, type ToolRun } from "../../shared/types.js";

type Handler<M extends ApiMethod> = (params: ApiParams<M>) => ApiResult<M> | Promise<ApiResult<M>>;

export interface FakeBridge extends InspectorBridge {
  calls: { method: ApiMethod; params: unknown }[];
  callsOf<M extends ApiMethod>(method: M): ApiParams<M>[];
  handle<M extends ApiMethod>(method: M, handler: Handler<M>): void;
  /** Deliver one batch of events, as the real bridges do (at most one per frame). */
  emit(...events: InspectorEvent[]): void;
  listenerCount(): number;
}

export const EVERYTHING_DEMO: SavedServer = {
  id: "everything-demo",
  name: "Everything (demo)",
  builtIn: true,
  era: "auto",
  transport: { type: "stdio", command: "node", args: ["server-everything/dist/index.js", "stdio"], env: {} },
  features: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, receiverTasks: true },
};

export function createFakeBridge(): FakeBridge {
  const calls: { method: ApiMethod; params: unknown }[] = [];
  const listeners = new Set<(events: InspectorEvent[]) => void>();
  const handlers = new Map<ApiMethod, Handler<ApiMethod>>();
  const defaults: Partial<{ [M in ApiMethod]: Handler<M> }> = {
    getSnapshot: () => ({ sessions: [], pendingInputs: [], clientTasks: [], receiverTasks: [], settings: DEFAULT_SETTINGS }),
    listServers: () => [EVERYTHING_DEMO],
    getLog: () => ({ entries: [], stderr: [] }),
    listTools: () => ({ tools: [] }),
    listResources: () => ({ resources: [] }),
    listResourceTemplates: () => ({ resourceTemplates: [] }),
    listPrompts: () => ({ prompts: [] }),
    dismissWithdrawnNotes: () => ({ ok: true }),
    getTaskTimeline: ({ sessionId, taskId }) => ({ sessionId, taskId, dropped: 0, events: [] }),
    unfollowTaskTimeline: () => ({ ok: true }),
    getAuthSteps: () => ({ steps: [] }),
  };

  const bridge = {
    calls,
    callsOf<M extends ApiMethod>(method: M) {
      return calls.filter((c) => c.method === method).map((c) => c.params as ApiParams<M>);
    },
    handle<M extends ApiMethod>(method: M, handler: Handler<M>) {
      handlers.set(method, handler as unknown as Handler<ApiMethod>);
    },
    emit(...events: InspectorEvent[]) {
      act(() => {
        for (const listener of [...listeners]) listener(events);
      });
    },
    listenerCount: () => listeners.size,
    onEvents(listener: (events: InspectorEvent[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as FakeBridge;

  for (const method of API_METHODS) {
    (bridge as unknown as Record<string, unknown>)[method] = async (params: unknown) => {
      calls.push({ method, params });
      const handler = handlers.get(method) ?? (defaults[method] as Handler<ApiMethod> | undefined);
      if (!handler) throw new Error(`The fake bridge has no answer for ${method}`);
      return handler(params as never);
    };
  }
  return bridge;
}

/** What a run ends with in `runToolsLikeTheCore`: the tool's result, or the client task it became. */
export type FakeRunOutcome = { result: NonNullable<ToolRun["result"]> } | { taskId: string };

/**
 * Answers `startToolRun` the way the core does (issue 13): a run id at once, then `toolRunChanged` events
 * (running; then done with the outcome, or error with the rejection's message) as `answer` settles.
 */
export function runToolsLikeTheCore(bridge: FakeBridge, answer: (params: ApiParams<"startToolRun">) => FakeRunOutcome | Promise<FakeRunOutcome>): void {
  let nextRunId = 1;
  bridge.handle("startToolRun", (params) => {
    const runId = nextRunId++;
    const run: ToolRun = { runId, sessionId: params.sessionId, toolName: params.name, arguments: params.arguments ?? {}, asTask: params.asTask ?? false, status: "running", startedAt: Date.now() };
    const later = (fn: () => void) => void Promise.resolve().then(fn);
    later(() => bridge.emit({ type: "toolRunChanged", payload: run }));
    Promise.resolve()
      .then(() => answer(params))
      .then(
        (outcome) => later(() => bridge.emit({ type: "toolRunChanged", payload: { ...run, status: "done", endedAt: Date.now(), ...outcome } })),
        (error: unknown) => later(() => bridge.emit({ type: "toolRunChanged", payload: { ...run, status: "error", endedAt: Date.now(), error: error instanceof Error ? error.message : String(error) } })),
      );
    return { runId };
  });
}
