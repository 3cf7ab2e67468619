// Our receiver, as the app runs it: an InspectorCore with one session over real stdio to the benchmark
// server. The bench plays the user: it answers through `dispatch`, the same path the UI takes.
import { InspectorCore } from "../../main/core/index.js";
import type { Ports } from "../../main/core/ports.js";
import type { Settings } from "../../shared/types.js";
import { BENCH_SERVER, now } from "./env.js";

export interface OurReceiver {
  core: InspectorCore;
  sessionId: string;
  /** Call one of the benchmark server's tools and parse its JSON answer. */
  call<T>(tool: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

export async function startOurReceiver(options: { settings?: Partial<Settings>; ports?: Ports } = {}): Promise<OurReceiver> {
  const core = new InspectorCore({
    settings: { requestTimeoutMs: 600_000, ...options.settings },
    ...(options.ports ? { ports: options.ports } : {}),
  });
  const session = await core.dispatch("connect", {
    server: {
      name: "bench-server",
      transport: { type: "stdio", command: process.execPath, args: [BENCH_SERVER] },
      features: { sampling: false, elicitationForm: true, elicitationUrl: false, roots: false, receiverTasks: true },
    },
  });
  const sessionId = session.sessionId;
  return {
    core,
    sessionId,
    async call<T>(tool: string, args: Record<string, unknown> = {}) {
      const result = await core.dispatch("callTool", { sessionId, name: tool, arguments: args });
      return parseToolResult<T>(tool, result);
    },
    close: () => core.shutdown(),
  };
}

export function parseToolResult<T>(tool: string, result: { content?: unknown; isError?: boolean }): T {
  const content = result.content as { type: string; text?: string }[] | undefined;
  const text = content?.[0]?.text;
  if (result.isError || typeof text !== "string") throw new Error(`Benchmark tool ${tool} failed: ${text ?? JSON.stringify(result)}`);
  return JSON.parse(text) as T;
}

/**
 * The user, answering every task-augmented elicitation once the server's tasks/result for it is already
 * waiting on the client (seen on the wire, plus one turn so the handler is blocked in it). Answering any
 * earlier would let tasks/result find a finished task and never wait, which measures nothing.
 * Records when each answer was given, on the clock the server also reads.
 */
export function answerWhenResultIsAwaited(receiver: OurReceiver): { answeredAt: Map<string, number>; errors: string[]; stop(): void } {
  const answeredAt = new Map<string, number>();
  const errors: string[] = [];
  const inputFor = new Map<string, string>(); // taskId → pendingInputId
  const awaited = new Set<string>(); // taskIds whose tasks/result arrived
  const answer = (taskId: string) => {
    const pendingInputId = inputFor.get(taskId);
    if (!pendingInputId || !awaited.has(taskId)) return;
    inputFor.delete(taskId);
    awaited.delete(taskId);
    setImmediate(() => {
      answeredAt.set(taskId, now());
      receiver.core
        .dispatch("answerElicitation", { pendingInputId, action: "accept", content: { n: 42 } })
        .catch((error: Error) => errors.push(error.message));
    });
  };
  const stop = receiver.core.subscribe((event) => {
    if (event.type === "pendingInputAdded" && event.payload.receiverTaskId) {
      inputFor.set(event.payload.receiverTaskId, event.payload.id);
      answer(event.payload.receiverTaskId);
    } else if (event.type === "logEntry" && event.payload.direction === "in" && event.payload.method === "tasks/result") {
      const taskId = (event.payload.payload as { params?: { taskId?: string } }).params?.taskId;
      if (taskId) {
        awaited.add(taskId);
        answer(taskId);
      }
    }
  });
  return { answeredAt, errors, stop };
}
