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
import { DEFAULT_SETTINGS, type SavedServer } from "../../shared/types.js";

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
