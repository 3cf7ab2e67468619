// Scenario 1: how fast a server learns the user's answer. The server sends a task-augmented elicitation
// and calls tasks/result at once; the user answers while that tasks/result waits; measured from the
// answer to the server holding the result. Beside it, in the same run: the transport's floor (a ping
// round trip) and the SDK's stock receiver at pollInterval 1000 and 100.
import { count } from "../lib/env.js";
import { answerWhenResultIsAwaited, startOurReceiver } from "../lib/ourReceiver.js";
import { atLeast, atMost, figure, type Scenario } from "../lib/results.js";
import { ratio, summarize, type Summary } from "../lib/stats.js";
import { startStockReceiver } from "../lib/stockReceiver.js";

interface Sample {
  taskId?: string;
  createMs?: number;
  resultAt?: number;
  error?: string;
}

const WARMUP = 30;
const TTL_MS = 300_000;

/** Answer → result latencies from the server's samples and the moments the bench answered. */
function latencies(samples: Sample[], answeredAt: Map<string, number>, answerErrors: string[]): number[] {
  const failed = samples.filter((s) => s.error);
  if (failed.length > 0 || answerErrors.length > 0) {
    throw new Error(`${failed.length} tasks failed (${failed[0]?.error ?? answerErrors[0]})`);
  }
  return samples.map((s) => {
    const answered = answeredAt.get(s.taskId as string);
    if (answered === undefined) throw new Error(`Task ${s.taskId} got a result without an answer`);
    return (s.resultAt as number) - answered;
  });
}

async function measureOurs(tasks: number, pings: number): Promise<{ floor: Summary; ours: Summary }> {
  const receiver = await startOurReceiver();
  try {
    const user = answerWhenResultIsAwaited(receiver);
    await receiver.call("ping", { count: WARMUP });
    await receiver.call("answer-latency", { count: WARMUP, ttl: TTL_MS });
    const { ms } = await receiver.call<{ ms: number[] }>("ping", { count: pings });
    const { samples } = await receiver.call<{ samples: Sample[] }>("answer-latency", { count: tasks, ttl: TTL_MS });
    user.stop();
    return { floor: summarize(ms), ours: summarize(latencies(samples, user.answeredAt, user.errors)) };
  } finally {
    await receiver.close();
  }
}

async function measureStock(pollInterval: number, tasks: number, pings: number): Promise<{ floor: Summary; stock: Summary }> {
  const receiver = await startStockReceiver(pollInterval);
  try {
    const user = receiver.answerWhenResultIsAwaited();
    await receiver.call("ping", { count: WARMUP });
    await receiver.call("answer-latency", { count: 2, ttl: TTL_MS });
    const { ms } = await receiver.call<{ ms: number[] }>("ping", { count: pings });
    const { samples } = await receiver.call<{ samples: Sample[] }>("answer-latency", { count: tasks, ttl: TTL_MS });
    user.stop();
    return { floor: summarize(ms), stock: summarize(latencies(samples, user.answeredAt, user.errors)) };
  } finally {
    await receiver.close();
  }
}

export const answerToResult: Scenario = {
  id: "answer",
  title: "1. Answer → result",
  async run() {
    const tasks = count(1000, 60);
    const pings = count(1000, 100);
    const { floor, ours } = await measureOurs(tasks, pings);
    // The stock receiver's latency is its poll timer, so fewer samples suffice (and 1000 × 1 s would not fit the budget).
    const stock1000 = await measureStock(1000, count(40, 4), count(300, 50));
    const stock100 = await measureStock(100, count(200, 20), count(300, 50));

    const vsStock1000 = ratio(stock1000.stock.p50, ours.p50);
    const vsStock100 = ratio(stock100.stock.p50, ours.p50);
    return {
      figures: [
        figure("ping floor p50", floor.p50, "ms", { note: `${floor.count} server→client pings, our client` }),
        figure("ping floor p95 / p99", floor.p95, "ms", { note: `p99 ${floor.p99.toFixed(3)} ms` }),
        atMost("ours p50", ours.p50, "ms", 2 * floor.p50, "≤ 2× ping floor p50", `${ours.count} tasks; ${ratio(ours.p50, floor.p50).toFixed(2)}× floor`),
        figure("ours p95", ours.p95, "ms"),
        atMost("ours p99", ours.p99, "ms", 10, "≤ 10 ms"),
        figure("stock SDK, pollInterval 1000: p50", stock1000.stock.p50, "ms", { note: `${stock1000.stock.count} tasks; p95 ${stock1000.stock.p95.toFixed(0)} ms` }),
        atLeast("stock@1000 p50 ÷ ours p50", vsStock1000, "×", 50, "≥ 50×"),
        figure("stock SDK, pollInterval 100: p50", stock100.stock.p50, "ms", { note: `${stock100.stock.count} tasks; p95 ${stock100.stock.p95.toFixed(0)} ms` }),
        figure("stock@100 p50 ÷ ours p50", vsStock100, "×"),
      ],
      notes: [
        "Real stdio to bench/server.mjs; the server sends a task-augmented elicitation/create, then tasks/result as soon as it has the task.",
        "The bench answers (through the core's answerElicitation, as the UI does) once that tasks/result is waiting on the client, and the figure runs from the answer to the response arriving at the server (both read CLOCK_MONOTONIC).",
        "The stock receiver is an SDK Client with InMemoryTaskStore answering the same way; its tasks/result looks again once per pollInterval, so an answer given just after it started waiting is seen about one interval later.",
        `Stock ping floor p50: ${stock1000.floor.p50.toFixed(3)} ms (SDK client without our log and checks).`,
      ],
      details: { floor, ours, stock1000, stock100 },
    };
  },
};
