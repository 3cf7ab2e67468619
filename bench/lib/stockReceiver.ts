// The baseline: the SDK's stock receiver, built the way its documentation shows a user building one.
// An SDK `Client` with an `InMemoryTaskStore`; a task-augmented elicitation becomes a task created through
// the handler's `extra.taskStore`, and the user's answer is stored with `storeTaskResult`. The SDK then
// serves tasks/get, tasks/list and tasks/result itself; its tasks/result re-checks the task once per
// pollInterval, which is what the comparison is about.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTaskStore } from "@modelcontextprotocol/sdk/experimental/tasks";
import { CallToolResultSchema, ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { BENCH_SERVER, now } from "./env.js";
import { parseToolResult } from "./ourReceiver.js";

/** A question waiting for the (simulated) user, and how to answer it. */
interface Question {
  taskId: string;
  answer(result: ElicitResult): Promise<void>;
}

export interface StockReceiver {
  client: Client;
  call<T>(tool: string, args?: Record<string, unknown>): Promise<T>;
  /** Answer every question once the server's tasks/result for its task is waiting; records when. */
  answerWhenResultIsAwaited(): { answeredAt: Map<string, number>; errors: string[]; stop(): void };
  close(): Promise<void>;
}

export async function startStockReceiver(pollInterval: number): Promise<StockReceiver> {
  const taskStore = new InMemoryTaskStore();
  const client = new Client(
    { name: "stock-sdk-receiver", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} }, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } },
      taskStore,
    },
  );

  // What a UI would hold: open questions, and who wants to hear about new ones.
  const questions = new Map<string, Question>();
  const onQuestion = new Set<(q: Question) => void>();
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const store = extra.taskStore;
    if (!request.params.task || !store) throw new Error("This baseline only handles task-augmented elicitations");
    const task = await store.createTask({ ttl: request.params.task.ttl, pollInterval });
    const question: Question = {
      taskId: task.taskId,
      answer: (result) => store.storeTaskResult(task.taskId, "completed", result),
    };
    questions.set(task.taskId, question);
    for (const listener of onQuestion) listener(question);
    return { task };
  });

  const transport = new StdioClientTransport({ command: process.execPath, args: [BENCH_SERVER], stderr: "inherit" });
  await client.connect(transport);

  // Bench instrumentation, not part of the receiver: see each tasks/result arrive on the wire.
  const onResultAwaited = new Set<(taskId: string) => void>();
  const sdkOnMessage = transport.onmessage;
  transport.onmessage = (message) => {
    if ("method" in message && message.method === "tasks/result" && "id" in message) {
      const taskId = (message.params as { taskId?: string } | undefined)?.taskId;
      if (taskId) for (const listener of onResultAwaited) listener(taskId);
    }
    sdkOnMessage?.(message);
  };

  return {
    client,
    async call<T>(tool: string, args: Record<string, unknown> = {}) {
      const result = await client.request({ method: "tools/call", params: { name: tool, arguments: args } }, CallToolResultSchema, { timeout: 600_000 });
      return parseToolResult<T>(tool, result);
    },
    answerWhenResultIsAwaited() {
      const answeredAt = new Map<string, number>();
      const errors: string[] = [];
      const awaited = new Set<string>();
      const answer = (taskId: string) => {
        const question = questions.get(taskId);
        if (!question || !awaited.has(taskId)) return;
        questions.delete(taskId);
        awaited.delete(taskId);
        setImmediate(() => {
          answeredAt.set(taskId, now());
          question.answer({ action: "accept", content: { n: 42 } }).catch((error: Error) => errors.push(error.message));
        });
      };
      const onQ = (q: Question) => answer(q.taskId);
      const onR = (taskId: string) => {
        awaited.add(taskId);
        answer(taskId);
      };
      onQuestion.add(onQ);
      onResultAwaited.add(onR);
      return {
        answeredAt,
        errors,
        stop: () => {
          onQuestion.delete(onQ);
          onResultAwaited.delete(onR);
        },
      };
    },
    async close() {
      taskStore.cleanup();
      await client.close();
    },
  };
}
