// Scenario 9: memory bounded by bytes (issue 19). A server sends 1,000 notifications/message of 4 MB
// each over real stdio (test/fixtures/log-flood-server.mjs), then three 4 MB tool results. The core's
// events go through the EventBatcher into the renderer's store, as in the app (in this process, without
// the WebSocket). Read: the heap after full collections before and after (core and the page's store
// together), what the core's log and the page's copy hold, the bytes the page was sent, the slowest
// store update (one batch) and the event loop's delay during the flood.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { join } from "node:path";
import { EventBatcher, InspectorCore } from "../../main/core/index.js";
import { systemPorts } from "../../main/core/ports.js";
import { jsonSize } from "../../shared/byteBudget.js";
import type { InspectorEvent } from "../../shared/contract.js";
import { createInspectorStore } from "../../renderer/src/store/inspectorStore.js";
import { count, now, ROOT } from "../lib/env.js";
import { MB, settledHeapUsed } from "../lib/memory.js";
import { atMost, figure, type Scenario } from "../lib/results.js";

/** BENCH_BYTES_COUNT: fewer messages, to measure code that keeps them all (before issue 19) without running out of memory. */
const MESSAGES = Number(process.env.BENCH_BYTES_COUNT) || count(1000, 100);
const MESSAGE_BYTES = 4 * MB;
const RESULTS = 3;
const SERVER = join(ROOT, "test/fixtures/log-flood-server.mjs");

/** What a list of log entries / server logs holds, as JSON text. */
const held = (items: readonly { payload?: unknown; data?: unknown }[]) => items.reduce((sum, i) => sum + jsonSize("payload" in i ? i.payload : i.data), 0);

export const bytes: Scenario = {
  id: "bytes",
  title: "9. Memory: 1,000 × 4 MB log notifications",
  async run() {
    const core = new InspectorCore({});
    const page = createInspectorStore();
    const updates: number[] = [];
    let sentToPage = 0;
    const batcher = new EventBatcher(
      (batch: InspectorEvent[]) => {
        for (const e of batch) sentToPage += jsonSize(e.payload);
        const started = now();
        page.getState().applyEvents(batch);
        updates.push(now() - started);
      },
      systemPorts.timers,
      () => systemPorts.clock.now(),
    );
    const unsubscribe = core.subscribe((event) => batcher.push(event));
    try {
      page.getState().applyEvents([{ type: "settingsChanged", payload: await core.dispatch("getSettings", {}) }]);
      const { sessionId, state } = await core.dispatch("connect", { server: { name: "log flood", transport: { type: "stdio", command: process.execPath, args: [SERVER] } } });
      if (state !== "connected") throw new Error(`log-flood server: ${state}`);
      batcher.flush();
      const heapBefore = await settledHeapUsed();
      updates.length = 0;
      sentToPage = 0;

      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const started = now();
      await core.dispatch("callTool", { sessionId, name: "flood-log", arguments: { count: MESSAGES, bytes: MESSAGE_BYTES } });
      const floodMs = now() - started;
      for (let i = 0; i < RESULTS; i++) await core.dispatch("callTool", { sessionId, name: "big-result", arguments: { bytes: MESSAGE_BYTES } });
      lag.disable();
      batcher.flush();
      const lastUpdateMs = updates.at(-1) ?? 0;
      const slowestUpdateMs = Math.max(0, ...updates);
      const heapAfter = await settledHeapUsed();

      const coreLog = core.session(sessionId).logSnapshot().entries;
      const pageLog = page.getState().logs[sessionId];
      const pageHeld = held(pageLog?.entries ?? []) + held(pageLog?.serverLogs ?? []);
      const grown = (heapAfter - heapBefore) / MB;
      const sent = (MESSAGES + RESULTS) * MESSAGE_BYTES;
      return {
        figures: [
          atMost(`core + page heap growth, ${MESSAGES.toLocaleString("en-US")} × 4 MB sent`, grown, "MB", 400, "≤ a few hundred MB", `${(heapBefore / MB).toFixed(0)} → ${(heapAfter / MB).toFixed(0)} MB; ${(sent / MB).toLocaleString("en-US")} MB sent`),
          figure("core's log holds", held(coreLog) / MB, "MB", { note: `${coreLog.length} entries, the newest; budget 64 MB (default)` }),
          figure("page's copy holds", pageHeld / MB, "MB", { note: `${pageLog?.entries.length ?? 0} messages, ${pageLog?.serverLogs.length ?? 0} server logs` }),
          figure("sent to the page", sentToPage / MB, "MB", { note: `in ${updates.length} batches` }),
          atMost("page: slowest store update (one batch)", slowestUpdateMs, "ms", 16, "≤ one frame (16 ms)", `last batch ${lastUpdateMs.toFixed(2)} ms`),
          figure("event loop delay during the flood, p99", lag.percentile(99) / 1e6, "ms", { note: `max ${(lag.max / 1e6).toFixed(0)} ms` }),
          figure("flood throughput (MB/s)", sent / MB / ((now() - started) / 1000), ""),
        ],
        notes: [
          `bytes: ${MESSAGES.toLocaleString("en-US")} notifications/message of 4 MB each over real stdio from test/fixtures/log-flood-server.mjs, then ${RESULTS} tool results of 4 MB; the flood took ${(floodMs / 1000).toFixed(1)} s. Core events reach the renderer's store through the EventBatcher in this process (no WebSocket), so the heap figure counts the core and the page's copy together. "Holds" figures are JSON text sizes. The tool runs keep their results (${RESULTS} × 4 MB) whole.`,
        ],
        details: { heapBefore, heapAfter, updates: updates.length, floodMs },
      };
    } finally {
      unsubscribe();
      batcher.dispose();
      await core.shutdown();
    }
  },
};
