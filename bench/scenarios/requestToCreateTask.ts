// Scenario 2: how fast a task-augmented request is accepted. From the server sending elicitation/create
// with `params.task` to the CreateTaskResult arriving back, against a ping round trip on the same pipe.
// The tasks are left waiting for the user (nobody answers): accepting must not depend on the answer.
import { count } from "../lib/env.js";
import { startOurReceiver } from "../lib/ourReceiver.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { ratio, summarize } from "../lib/stats.js";
import { startStockReceiver } from "../lib/stockReceiver.js";

const WARMUP = 30;
const TURNS = 10;

interface Created {
  ms: number[];
  errorCount: number;
  errors: string[];
}

export const requestToCreateTask: Scenario = {
  id: "create",
  title: "2. Request → CreateTaskResult",
  async run() {
    const tasks = count(1000, 60);
    const pings = count(1000, 100);

    // Both receivers run side by side, each over its own server process, and take turns: a tenth of the
    // pings, of our requests and of the stock receiver's at a time, so a slow or fast stretch of the machine
    // weighs on the floor, on ours and on the stock figure alike (a ping's round trip here wanders between
    // 0.09 and 0.3 ms from run to run; measured one after the other, the ratio moved by half on a loaded machine).
    const ours = await startOurReceiver({ settings: { maxLiveReceiverTasks: 10_000 } });
    let floor, created, stockCreated;
    try {
      const stock = await startStockReceiver(1000);
      try {
        await ours.call("ping", { count: WARMUP });
        await ours.call("create-tasks", { count: WARMUP, ttl: 300_000 });
        await stock.call("create-tasks", { count: WARMUP, ttl: 300_000 });
        const floorMs: number[] = [];
        const createdMs: number[] = [];
        const stockMs: number[] = [];
        const createTasks = async (receiver: { call<T>(tool: string, args?: Record<string, unknown>): Promise<T> }, into: number[]) => {
          const result = await receiver.call<Created>("create-tasks", { count: tasks / TURNS, ttl: 300_000, concurrency: 1 });
          if (result.errorCount > 0) throw new Error(`${result.errorCount} requests were refused: ${result.errors[0]}`);
          into.push(...result.ms);
        };
        for (let turn = 0; turn < TURNS; turn++) {
          floorMs.push(...(await ours.call<{ ms: number[] }>("ping", { count: pings / TURNS })).ms);
          await createTasks(ours, createdMs);
          await createTasks(stock, stockMs);
        }
        floor = summarize(floorMs);
        created = summarize(createdMs);
        stockCreated = summarize(stockMs);
      } finally {
        await stock.close();
      }
    } finally {
      await ours.close();
    }

    return {
      figures: [
        figure("ping floor p50", floor.p50, "ms", { note: `${floor.count} pings` }),
        atMost("ours p50", created.p50, "ms", 2 * floor.p50, "≤ 2× ping floor p50", `${created.count} requests; ${ratio(created.p50, floor.p50).toFixed(2)}× floor`),
        figure("ours p95 / p99", created.p95, "ms", { note: `p99 ${created.p99.toFixed(3)} ms` }),
        figure("stock SDK p50 (reference)", stockCreated.p50, "ms"),
        atMost("ours p50 ÷ stock SDK p50", ratio(created.p50, stockCreated.p50), "×", 1, "≤ 1.0× (the stock SDK's own handler)", "what our receiver adds over the SDK's own, the server's side being the same"),
      ],
      notes: [
        "Sequential task-augmented elicitation/create requests from bench/server.mjs, timed at the server from send to CreateTaskResult, in ten turns with the pings of the floor and the stock receiver's requests (each receiver has its own server process); nobody answers, the tasks stay live.",
        "The floor is a ping; a task-augmented elicitation/create also costs the server (building it, validating the CreateTaskResult), in ours and the stock receiver's figure alike.",
        "Ours does more per request than the stock receiver: the pending input for the UI, ttl clamping, the live-task limit (S2), the protocol log, the task timeline and a notifications/tasks/status (R11) written on the turn after the CreateTaskResult, which the server also reads. It does less checking: the request is parsed once (the stock SDK Client parses it twice and checks the CreateTaskResult its own handler made). And it answers in the turn it reads the request, past the SDK's generic dispatch (an AbortController, a request-scoped task store and three promise turns per request), with the same checks as its handler.",
      ],
      details: { floor, created, stockCreated },
    };
  },
};
