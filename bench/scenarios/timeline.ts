// Scenario 8: the task timeline with 1,000 events (issue 13). One receiver task, polled 500 times by a
// "server" (500 tasks/get in, 500 replies out), its messages emitted on the core's bus as logEntry
// events, the way the session records the wire:
//   A. in Node: what recording them costs the core's TaskTimelines (per event);
//   B. in Chromium, browser mode: the timeline open while the 1,000 events stream in (each batch's apply
//      + React render, frame intervals), then opened afresh with all 1,000 (click → summary drawn), and
//      how many DOM nodes the open timeline holds.
import { InspectorCore } from "../../main/core/index.js";
import type { LogEntry, ReceiverTask } from "../../shared/types.js";
import { instrumentPage, startBrowserMode, type PageBench } from "../lib/browser.js";
import { count, now, sleep } from "../lib/env.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { summarize } from "../lib/stats.js";

const EVENTS = count(1_000, 200);
const PER_SECOND = 2_000;
const SESSION = "timeline-session";
const TASK = "timeline-task";

function receiverTask(): ReceiverTask {
  const at = new Date().toISOString();
  return { sessionId: SESSION, method: "elicitation/create", pendingInputId: "timeline-input", task: { taskId: TASK, status: "working", statusMessage: "Awaiting user response", createdAt: at, lastUpdatedAt: at, ttl: 600_000, pollInterval: 500 } };
}

/** The i-th message of the polling: even i the server's tasks/get, odd i our reply. */
function message(i: number, seq: number): LogEntry {
  const id = 10_000 + (i >> 1);
  const payload = i % 2 === 0 ? { jsonrpc: "2.0", id, method: "tasks/get", params: { taskId: TASK } } : { jsonrpc: "2.0", id, result: { taskId: TASK, status: "working" } };
  return { seq, sessionId: SESSION, direction: i % 2 === 0 ? "in" : "out", time: new Date().toISOString(), method: "tasks/get", id, payload };
}

/** A. The core's cost of recording: 1,000 messages through the bus into TaskTimelines. */
function inCore() {
  const core = new InspectorCore();
  core.bus.emit("receiverTaskChanged", receiverTask());
  const costs: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const t0 = now();
    core.bus.emit("logEntry", message(i, i + 1));
    costs.push((now() - t0) * 1000);
  }
  const kept = core.timelines.get(SESSION, TASK).events.length;
  return { perEventUs: summarize(costs), kept };
}

async function inChromium() {
  const core = new InspectorCore();
  const mode = await startBrowserMode(core);
  try {
    const context = await mode.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(instrumentPage, ['"type":"taskTimelineEvents"']);
    await page.goto(mode.web.url);
    await page.getByRole("tab", { name: "Tasks", exact: true }).click();
    const open = page.getByRole("button", { name: `Timeline of task ${TASK}`, exact: true });
    // The task is synthetic (no session's snapshot holds it): announce it until the page, once subscribed, shows it.
    while (!(await open.isVisible())) {
      core.bus.emit("receiverTaskChanged", receiverTask());
      await sleep(100);
    }
    await open.click();
    const dialog = page.getByRole("dialog", { name: `Timeline of task ${TASK}` });
    await dialog.getByRole("img").waitFor();
    // The timeline renders from its own state (not the store), after the listener returns: a
    // MutationObserver on the dialog says when each batch was on screen (it runs right after React's commit).
    await dialog.evaluate((el) => {
      const bench = (window as unknown as { __bench: PageBench }).__bench;
      bench.batches.length = 0;
      bench.marked = 0;
      bench.frames.length = 0;
      const commits: number[] = [];
      (window as unknown as { __commits: number[] }).__commits = commits;
      new MutationObserver(() => commits.push(performance.now())).observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
    });

    // Live: 1,000 events at PER_SECOND, paced by a 1 ms timer.
    const started = now();
    let sent = 0;
    while (sent < EVENTS) {
      const due = Math.min(EVENTS, Math.floor(((now() - started) * PER_SECOND) / 1000));
      for (; sent < due; sent++) core.bus.emit("logEntry", message(sent, sent + 1));
      await sleep(1);
    }
    const polls = EVENTS / 2;
    await dialog.getByText(new RegExp(`The server polled us ${polls} times`)).waitFor({ timeout: 20_000 });
    const { batches, frames } = await page.evaluate(() => (window as unknown as { __bench: PageBench }).__bench);
    const commits = await page.evaluate(() => (window as unknown as { __commits: number[] }).__commits);
    const live = batches.filter((b) => b.marked > 0);
    // Each batch: from the listener's start to the first DOM change after it (the redraw it caused).
    const onScreen = live.map((b) => (commits.find((t) => t >= b.at) ?? Number.NaN) - b.at).filter((x) => Number.isFinite(x));
    const first = live[0]?.at ?? 0;
    const last = live[live.length - 1]?.at ?? 0;
    const during = frames.filter((t) => t >= first && t <= last);
    const frameGaps = during.slice(1).map((t, i) => t - (during[i] as number));

    // Afresh: close, open again with all of them kept in the core.
    await dialog.getByRole("button", { name: "Close the timeline" }).click();
    await dialog.waitFor({ state: "detached" });
    const t0 = now();
    await open.click();
    await dialog.getByText(new RegExp(`The server polled us ${polls} times`)).waitFor({ timeout: 20_000 });
    const openMs = now() - t0;
    const nodes = await dialog.evaluate((el) => el.querySelectorAll("*").length);
    const pictureNodes = await dialog.getByRole("img").evaluate((el) => el.querySelectorAll("*").length);
    return {
      batches: live.length,
      apply: summarize(live.map((b) => b.applyMs)),
      onScreen: summarize(onScreen),
      frames: summarize(frameGaps),
      openMs,
      nodes,
      pictureNodes,
    };
  } finally {
    await mode.close();
  }
}

export const timeline: Scenario = {
  id: "timeline",
  title: "8. Task timeline: 1,000 events",
  async run() {
    const a = inCore();
    const b = await inChromium();
    return {
      figures: [
        figure("record one event in the core p50", a.perEventUs.p50, "µs", { note: `p95 ${a.perEventUs.p95.toFixed(1)} µs; ${a.kept} events kept` }),
        figure("live batch: arrival → timeline redrawn p50", b.onScreen.p50, "ms", { note: `over ${b.batches} batches; the listener alone (parse + store) p50 ${b.apply.p50.toFixed(2)} ms` }),
        atMost("live batch: arrival → timeline redrawn p95", b.onScreen.p95, "ms", 16, "< 16 ms (a frame)"),
        figure("frame interval while streaming p50", b.frames.p50, "ms", { note: `p95 ${b.frames.p95.toFixed(1)} ms, longest ${b.frames.max.toFixed(0)} ms` }),
        figure("open with 1,000 events: click → drawn", b.openMs, "ms", { note: "measured from the bench through Playwright: includes getTaskTimeline over the WebSocket" }),
        atMost("DOM nodes of the open timeline", b.nodes, "", 999, "< 1,000", `the picture: ${b.pictureNodes} nodes (marks aggregated per pixel column); the event list is virtualised`),
      ],
      notes: [
        `${EVENTS.toLocaleString("en-US")} timeline events on one receiver task: a server's tasks/get and our replies, emitted on the core's bus as logEntry (what the session records for each message); from the bus on the path is the app's own (TaskTimelines → taskTimelineEvents → EventBatcher → WebSocket → the page).`,
        `A: the time of each bus emit with TaskTimelines subscribed (in a core with no window attached). B: browser mode, the built UI in headless Chromium with the timeline open while the events arrive at ${PER_SECOND.toLocaleString("en-US")}/s; the page's WebSocket listener is timed per batch as in scenario 4, and a MutationObserver on the open timeline marks when each batch's redraw reached the DOM (it runs right after React's commit).`,
      ],
      details: { a, b },
    };
  },
};
