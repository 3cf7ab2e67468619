// Scenario 14: a day-long session, scaled down. One core with two sessions over real stdio: the soak
// fixture (log lines, then a sampling and an elicitation request the bench answers through the core's
// API, round after round) and the task fixture (tools called as tasks, with progress, polled to the end).
// The built UI is open in Chromium the whole time, on the Logs tab. Every few seconds the core's heap is
// read after full collections, the page's JS heap and its DOM node and listener counts through CDP
// (after a collection in the page too). The log is kept small so its bounds fill in the first seconds, and
// tasks are started back to back until the finished tasks and their timelines fill theirs; the figures
// compare the last quarter of the run with the first quarter after that.
import { join } from "node:path";
import type { CDPSession } from "playwright-core";
import { FINISHED_TASKS_KEPT } from "../../main/core/client/clientTasks.js";
import { InspectorCore } from "../../main/core/index.js";
import { TASKS_KEPT } from "../../main/core/timeline/taskTimeline.js";
import { SERVER_LOGS_KEPT } from "../../renderer/src/store/logSlice.js";
import { startBrowserMode } from "../lib/browser.js";
import { ROOT, count, now, sleep } from "../lib/env.js";
import { MB, activeTimers, settledHeapUsed } from "../lib/memory.js";
import { atMost, figure, type Scenario } from "../lib/results.js";

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS) || count(75, 20);
const SAMPLE_EVERY_MS = count(3000, 1500);
const LOG_LIMIT = 500;
const LOGS_PER_ROUND = 20;
const ROUND_EVERY_MS = 100;
const TASK_EVERY_MS = 500;
/** Tasks finished before the readings count: the core keeps this many finished tasks and task timelines. */
const TASKS_TO_FILL = count(Math.max(FINISHED_TASKS_KEPT, TASKS_KEPT), 100);
const MIX = process.env.BENCH_SOAK_MIX ?? "rounds,tasks"; // to tell which part of the mix a climb comes from

interface Sample {
  at: number;
  heap: number;
  pageHeap: number;
  nodes: number;
  listeners: number;
  timers: number;
  rounds: number;
  tasks: number;
}

function fixture(file: string): string {
  return join(ROOT, "test/fixtures", file);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
}

/** The last quarter of the readings after the warm-up against the first quarter, by their medians. */
function quarters(samples: Sample[], pick: (s: Sample) => number): { first: number; last: number; ratio: number } {
  const q = Math.max(1, Math.floor(samples.length / 4));
  const first = median(samples.slice(0, q).map(pick));
  const last = median(samples.slice(-q).map(pick));
  return { first, last, ratio: last / first };
}

async function pageReading(cdp: CDPSession): Promise<{ pageHeap: number; nodes: number; listeners: number }> {
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = await cdp.send("Runtime.getHeapUsage");
  const dom = await cdp.send("Memory.getDOMCounters");
  return { pageHeap: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners };
}

export const soak: Scenario = {
  id: "soak",
  title: "14. Soak: a long session under a steady mix",
  async run() {
    const core = new InspectorCore({ settings: { requestTimeoutMs: 600_000, logLimit: LOG_LIMIT } });
    const mode = await startBrowserMode(core);
    const errors: string[] = [];
    let rounds = 0;
    let tasksDone = 0;
    let stop = false;
    try {
      const features = { sampling: true, elicitationForm: true, elicitationUrl: false, roots: false, receiverTasks: true };
      const soakSession = (await core.dispatch("connect", { server: { name: "soak", transport: { type: "stdio", command: process.execPath, args: [fixture("soak-server.mjs")] }, features } })).sessionId;
      const taskSession = (await core.dispatch("connect", { server: { name: "tasks", transport: { type: "stdio", command: process.execPath, args: [fixture("tool-tasks-server.mjs")] }, features } })).sessionId;

      // The user: every sampling request approved, every elicitation accepted, as the dialogs would.
      const unsubscribe = core.subscribe((event) => {
        if (event.type !== "pendingInputAdded") return;
        const input = event.payload;
        const answer =
          input.kind === "sampling"
            ? core.dispatch("approveSampling", { pendingInputId: input.id, result: { role: "assistant", content: { type: "text", text: "ok" }, model: "soak-model", stopReason: "endTurn" } })
            : core.dispatch("answerElicitation", { pendingInputId: input.id, action: "accept", content: { n: 42 } });
        answer.catch((error: Error) => errors.push(error.message));
      });

      const context = await mode.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.goto(mode.web.url);
      await page.getByRole("tabpanel").waitFor(); // the app's, not the inert first frame index.html carries
      const logsTab = page.getByRole("tab", { name: /^Logs/ });
      if (await logsTab.count()) await logsTab.first().click().catch(() => {});
      const cdp = await context.newCDPSession(page);

      // Each reading is taken with the mix held: both loops park between steps, the tasks in flight end,
      // and the page has closed its last request's dialog and drawn. DOM node and listener counts swing with
      // what is on screen (a request's dialog, task rows), so readings in one state compare like with like.
      let holding: Promise<void> | undefined;
      let parked = 0;
      const park = async () => {
        if (!holding) return;
        parked++;
        await holding;
        parked--;
      };
      const roundLoop = (async () => {
        while (!stop && MIX.includes("rounds")) {
          await park();
          const started = now();
          const result = await core.dispatch("callTool", { sessionId: soakSession, name: "round", arguments: { logs: LOGS_PER_ROUND, bytes: 120 } });
          if (result.isError) errors.push(JSON.stringify(result.content).slice(0, 200));
          rounds++;
          await sleep(Math.max(0, ROUND_EVERY_MS - (now() - started)));
        }
      })();
      const inFlight = new Set<string>();
      const finished = core.subscribe((event) => {
        if (event.type !== "clientTaskChanged") return;
        const task = event.payload.task;
        if (task && inFlight.has(task.taskId) && ["completed", "failed", "cancelled"].includes(task.status)) {
          inFlight.delete(task.taskId);
          tasksDone++;
        }
      });
      let warming = true;
      const taskLoop = (async () => {
        while (!stop && MIX.includes("tasks")) {
          await park();
          if (inFlight.size < 5) {
            const created = await core.dispatch("callToolAsTask", { sessionId: taskSession, name: "maybe-task", arguments: { workMs: 300, progress: 3, pollInterval: 100 }, ttl: 2000 });
            inFlight.add(created.task.taskId);
          }
          // While warming up, a task starts as soon as one of the five finishes.
          await sleep(warming ? 20 : TASK_EVERY_MS);
        }
      })();

      // Warm-up: every bound fills (log entries, finished tasks and their timelines) before the first reading that counts.
      const started = now();
      // The page keeps its own SERVER_LOGS_KEPT latest notifications/message lines: full once that many were sent.
      const logsFilling = () => MIX.includes("rounds") && (core.session(soakSession).logSnapshot().entries.length < LOG_LIMIT || rounds * LOGS_PER_ROUND < SERVER_LOGS_KEPT);
      const tasksFilling = () => MIX.includes("tasks") && tasksDone < TASKS_TO_FILL;
      while (logsFilling() || tasksFilling()) await sleep(100);
      warming = false;
      const warmUpMs = now() - started;
      const samples: Sample[] = [];
      const end = now() + SECONDS * 1000;
      const loops = ["rounds", "tasks"].filter((loop) => MIX.includes(loop)).length;
      const dialogs = page.getByRole("dialog");
      let heldMs = 0;
      while (now() < end) {
        await sleep(SAMPLE_EVERY_MS);
        const holdStarted = now();
        let release!: () => void;
        holding = new Promise<void>((resolve) => (release = resolve));
        while (parked < loops || inFlight.size > 0 || (await dialogs.count()) > 0) await sleep(10);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const heap = await settledHeapUsed();
        const p = await pageReading(cdp);
        holding = undefined;
        release();
        heldMs += now() - holdStarted;
        samples.push({ at: (now() - started) / 1000, heap, ...p, timers: activeTimers(), rounds, tasks: tasksDone });
        // A long run shows its progress: a climb is visible before the figures are.
        process.stderr.write(`bench: soak ${((now() - started) / 1000).toFixed(0)} s: core ${(heap / MB).toFixed(1)} MB, page ${(p.pageHeap / MB).toFixed(1)} MB, ${p.nodes} nodes, ${p.listeners} listeners, ${rounds} rounds, ${tasksDone} tasks\n`);
      }
      stop = true;
      await Promise.all([roundLoop, taskLoop]);
      unsubscribe();
      finished();
      await context.close();

      const heap = quarters(samples, (s) => s.heap);
      const pageHeap = quarters(samples, (s) => s.pageHeap);
      const nodes = quarters(samples, (s) => s.nodes);
      const listeners = quarters(samples, (s) => s.listeners);
      const timers = quarters(samples, (s) => s.timers);
      const last = samples[samples.length - 1] as Sample;
      const span = `${SECONDS} s, ${samples.length} readings`;
      if (errors.length) throw new Error(`${errors.length} answers or calls failed: ${errors.slice(0, 3).join("; ")}`);
      return {
        figures: [
          atMost("core heap, last quarter ÷ first quarter", heap.ratio, "×", 1.1, "≤ 1.10×", `${(heap.first / MB).toFixed(1)} → ${(heap.last / MB).toFixed(1)} MB over ${span}`),
          atMost("page JS heap, last quarter ÷ first quarter", pageHeap.ratio, "×", 1.1, "≤ 1.10×", `${(pageHeap.first / MB).toFixed(1)} → ${(pageHeap.last / MB).toFixed(1)} MB`),
          atMost("page DOM nodes (mix held), last quarter ÷ first quarter", nodes.ratio, "×", 1.05, "≤ 1.05× (not growing beyond a row or two)", `${nodes.first} → ${nodes.last}`),
          atMost("page event listeners (mix held), last quarter ÷ first quarter", listeners.ratio, "×", 1.05, "≤ 1.05× (not growing beyond a row or two)", `${listeners.first} → ${listeners.last}`),
          figure("core timers (ref'd), last quarter", timers.last, "", { note: `first quarter ${timers.first}` }),
          figure("rounds answered", last.rounds, "", { note: `${LOGS_PER_ROUND} log lines + a sampling and an elicitation request each; ${last.tasks} tool tasks done` }),
        ],
        notes: [
          `Soak: one core, two stdio sessions (test/fixtures/soak-server.mjs: rounds of ${LOGS_PER_ROUND} notifications/message then sampling/createMessage and elicitation/create, answered through the core's dispatch as the dialogs do, one round every ${ROUND_EVERY_MS} ms at most; test/fixtures/tool-tasks-server.mjs: maybe-task called as a task with 3 progress notifications, up to 5 in flight, one started every ${TASK_EVERY_MS} ms, polled to the end), browser mode open in Chromium on the Logs tab. logLimit ${LOG_LIMIT} and the page keeps its ${SERVER_LOGS_KEPT} latest server log lines, and the core keeps ${FINISHED_TASKS_KEPT} finished tasks and ${TASKS_KEPT} task timelines: tasks start back to back until ${TASKS_TO_FILL} have finished, and all of it is full after ${(warmUpMs / 1000).toFixed(1)} s, the warm-up; then ${span}, each the core's heap after full collections and, through CDP, the page's heap after a collection (Runtime.getHeapUsage) and its DOM nodes and JS event listeners (Memory.getDOMCounters). Heap ratios are medians of the last quarter of readings over medians of the first quarter; Each reading is taken with the mix held (${(heldMs / Math.max(1, samples.length)).toFixed(0)} ms a reading on average): both loops park between steps, the tasks in flight end, no request's dialog is open and the page has drawn two frames, so DOM node and listener counts, which swing with what is on screen, are read in one state; theirs are medians of quarters too. A row more or less on screen moves them a few per cent, hence 1.05×, while a leak per message (thousands of them in a run) would move them far more. A scaled-down day: leaks show as a steady climb, which a short run already shows when they are per-message.`,
        ],
        details: { warmUpMs, samples },
      };
    } finally {
      stop = true;
      await mode.close();
    }
  },
};
