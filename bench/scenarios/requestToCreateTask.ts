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

    const ours = await startOurReceiver({ settings: { maxLiveReceiverTasks: 10_000 } });
    let floor, created;
    try {
      await ours.call("ping", { count: WARMUP });
      await ours.call("create-tasks", { count: WARMUP, ttl: 300_000 });
      // Pings and creations in turns, a tenth at a time, so a slow or fast stretch of the machine weighs on
      // the floor and on ours alike (a ping's round trip here wanders between 0.09 and 0.3 ms from run to run).
      const floorMs: number[] = [];
      const createdMs: number[] = [];
      for (let turn = 0; turn < TURNS; turn++) {
        floorMs.push(...(await ours.call<{ ms: number[] }>("ping", { count: pings / TURNS })).ms);
        const result = await ours.call<Created>("create-tasks", { count: tasks / TURNS, ttl: 300_000, concurrency: 1 });
        if (result.errorCount > 0) throw new Error(`${result.errorCount} requests were refused: ${result.errors[0]}`);
        createdMs.push(...result.ms);
      }
      floor = summarize(floorMs);
      created = summarize(createdMs);
    } finally {
      await ours.close();
    }

    // For reference: the stock SDK receiver accepting the same request (its pollInterval plays no part here).
    const stock = await startStockReceiver(1000);
    let stockCreated;
    try {
      await stock.call("create-tasks", { count: WARMUP, ttl: 300_000 });
      stockCreated = summarize((await stock.call<Created>("create-tasks", { count: tasks, ttl: 300_000, concurrency: 1 })).ms);
    } finally {
      await stock.close();
    }

    return {
      figures: [
        figure("ping floor p50", floor.p50, "ms", { note: `${floor.count} pings` }),
        atMost("ours p50", created.p50, "ms", 2 * floor.p50, "≤ 2× ping floor p50", `${created.count} requests; ${ratio(created.p50, floor.p50).toFixed(2)}× floor`),
        figure("ours p95 / p99", created.p95, "ms", { note: `p99 ${created.p99.toFixed(3)} ms` }),
        figure("stock SDK p50 (reference)", stockCreated.p50, "ms"),
        figure("ours p50 ÷ stock SDK p50", ratio(created.p50, stockCreated.p50), "×", { note: "what our receiver adds over the SDK's own, the server's side being the same" }),
      ],
      notes: [
        "Sequential task-augmented elicitation/create requests from bench/server.mjs, timed at the server from send to CreateTaskResult, in ten turns with the pings of the floor; nobody answers, the tasks stay live.",
        "The floor is a ping; a task-augmented elicitation/create also costs the server (building it, validating the CreateTaskResult), in ours and the stock receiver's figure alike.",
        "Ours does more per request than the stock receiver: the pending input for the UI, ttl clamping, the live-task limit (S2), the protocol log and a deferred notifications/tasks/status (R11).",
      ],
      details: { floor, created, stockCreated },
    };
  },
};
