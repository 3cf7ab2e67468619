// Scenario 5: the protocol log under a chatty server. 100,000 JSON-RPC messages through one session,
// twice: first one-way (notifications/message, as a server logging at debug level sends them), then as
// requests and responses (pings). The heap, read after full collections every 10,000 messages, must stop
// growing once the log holds its configured number of entries (logLimit): the log is bounded by count (and by bytes, scenario 9).
import { count } from "../lib/env.js";
import { MB, settledHeapUsed } from "../lib/memory.js";
import { startOurReceiver, type OurReceiver } from "../lib/ourReceiver.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { ratio } from "../lib/stats.js";

const LOG_LIMIT = 5000; // the default setting
const MESSAGES = count(100_000, 20_000);
const STEP = 10_000;

interface Point {
  messages: number;
  heap: number;
  entries: number;
}

/** Send MESSAGES messages in steps of STEP with `step`, reading the heap after each. */
async function series(receiver: OurReceiver, step: () => Promise<number>): Promise<{ points: Point[]; ms: number }> {
  const session = receiver.core.session(receiver.sessionId);
  const points: Point[] = [];
  let messages = 0;
  let ms = 0;
  while (messages < MESSAGES) {
    const started = performance.now();
    messages += await step();
    ms += performance.now() - started;
    points.push({ messages, heap: await settledHeapUsed(), entries: session.logSnapshot().entries.length });
  }
  return { points, ms };
}

/** Heap growth once the log is full: the first point already has more than logLimit messages behind it. */
function growth(points: Point[]) {
  const first = points[0] as Point;
  const last = points[points.length - 1] as Point;
  const peak = Math.max(...points.map((p) => p.heap));
  return { first, last, peak, ratio: ratio(peak, first.heap) };
}

export const log: Scenario = {
  id: "log",
  title: "5. Log: 100,000 protocol messages",
  async run() {
    const receiver = await startOurReceiver({ settings: { logLimit: LOG_LIMIT } });
    try {
      const session = receiver.core.session(receiver.sessionId);
      await receiver.call("ping-flood", { count: 500, window: 50 }); // warm-up
      const heapStart = await settledHeapUsed();
      const entriesStart = session.logSnapshot().entries.length;

      // Each tools/call adds its own request and response to the log; log-flood adds a ping every 500 lines.
      const oneWay = await series(receiver, async () => {
        await receiver.call("log-flood", { count: STEP });
        return STEP + 2 * (STEP / 500 + 1) + 2;
      });
      const requests = await series(receiver, async () => {
        const { errors } = await receiver.call<{ errors: number }>("ping-flood", { count: STEP / 2, window: 100 });
        if (errors > 0) throw new Error(`${errors} pings failed`);
        return STEP + 2;
      });

      const a = growth(oneWay.points);
      const b = growth(requests.points);
      const perEntry = (a.first.heap - heapStart) / (a.first.entries - entriesStart);
      const rate = (points: Point[], ms: number) => `${((points[points.length - 1]!.messages / ms) * 1000).toFixed(0)} messages/s`;
      return {
        figures: [
          figure("log entries kept", b.last.entries, "", { target: `= logLimit (${LOG_LIMIT})`, met: a.last.entries === LOG_LIMIT && b.last.entries === LOG_LIMIT }),
          figure("heap per log entry", perEntry, "B", { note: "a notifications/message as recorded" }),
          figure(`notifications: heap at ${a.first.messages / 1000 | 0}k → ${a.last.messages / 1000 | 0}k messages`, a.last.heap / MB, "MB", { note: `from ${(a.first.heap / MB).toFixed(1)} MB; ${(heapStart / MB).toFixed(1)} MB before; ${rate(oneWay.points, oneWay.ms)}` }),
          atMost("notifications: heap growth after the log filled", a.ratio, "×", 1.1, "≤ 1.10× (bounded)", `peak ${(a.peak / MB).toFixed(1)} MB`),
          figure(`pings: heap at ${b.first.messages / 1000 | 0}k → ${b.last.messages / 1000 | 0}k messages`, b.last.heap / MB, "MB", { note: `from ${(b.first.heap / MB).toFixed(1)} MB; ${rate(requests.points, requests.ms)}` }),
          atMost("pings: heap growth after the log filled", b.ratio, "×", 1.1, "≤ 1.10× (bounded)", `peak ${(b.peak / MB).toFixed(1)} MB; ${((b.peak - b.first.heap) / MB).toFixed(1)} MB more`),
        ],
        notes: [
          `One session, logLimit ${LOG_LIMIT} (the default). bench/server.mjs sends ${MESSAGES.toLocaleString("en-US")} messages twice: as notifications/message (one-way), then as pings, 100 in flight (each a request in and our response out). Heap read after full collections every ${STEP.toLocaleString("en-US")} messages.`,
          "Memory that grows with request traffic but is not the log: the transport remembers every incoming request id (S3, duplicate requests are not processed twice), up to the latest 10,000 per session (integer ids are kept as numbers).",
        ],
        details: { heapStart, entriesStart, oneWay, requests },
      };
    } finally {
      await receiver.close();
    }
  },
};
