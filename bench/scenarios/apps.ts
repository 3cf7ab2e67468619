// Scenario 9: MCP Apps (issue 20), in Chromium, browser mode, against the fixture App server
// (test/fixtures/apps/app-server.mjs over stdio):
//   A. Run → App initialized: from the click on Run to the App panel saying "initialized" (the tools/call,
//      the View's resources/read by the core, the sandbox proxy frame, ui/initialize answered by the
//      AppBridge), on the page's clock, for the newest run each time;
//   B. an App's tools/call through the bridge (timed in the View: its request → the answer, via the proxy,
//      the AppBridge, the contract over the WebSocket, the server) against the same call the Tools tab makes
//      (the contract's callTool over a WebSocket of the page's own origin, timed in the page), the ratio of the p50s,
//      each call from a quiet page; then, in further bridge calls, the time of each leg;
//   C. 1,000 bridge messages a second for 5 s from the View: how many reach the session's log, and the
//      page's frame intervals meanwhile;
//   D. a hostile flood (2,100 messages at once, then 20,000 a second) from the View: the page's frame gaps
//      (rAF probe) while the sandbox proxy, on another site, stops it, and the time from crossing the bound to
//      the panel saying "stopped" (AP12).
import { join } from "node:path";
import { InspectorCore } from "../../main/core/index.js";
import { startBrowserMode } from "../lib/browser.js";
import { count, now, ROOT } from "../lib/env.js";
import { atLeast, atMost, figure, type Scenario } from "../lib/results.js";
import { summarize } from "../lib/stats.js";

const RUNS = count(20, 4);
const CALLS = count(50, 5);
const FLOOD = count(5_000, 1_000);
/** The legs of a bridge call, in order, as the probe times them. */
const HOPS = ["View → proxy", "proxy → page → AppBridge → contract message out", "contract over the WebSocket (core, server) → answer in", "page → proxy → View"];

export const apps: Scenario = {
  id: "apps",
  title: "10. MCP Apps: run → App initialized, bridge tools/call",
  async run() {
    // Room in the session's log for every bridge message of C (the default keeps the last 5,000 entries).
    const core = new InspectorCore({ settings: { logLimit: 100_000 } });
    const mode = await startBrowserMode(core);
    const initialized: number[] = [];
    const bridgeCalls: number[] = [];
    const directCalls: number[] = [];
    /** The frames' own cost: a ping the AppBridge answers in the page, no contract call (View → proxy → page → back). */
    const framePings: number[] = [];
    /** As the user sees them: an ordinary tool run from the Tools tab (click → result drawn) and by the View (request → result drawn). */
    const toolsTabRuns: number[] = [];
    const viewRuns: number[] = [];
    const frameIntervals: number[] = [];
    /** Per bridge call, the time of each leg (HOPS names them). */
    const hops: number[][] = [];
    let floodLogged = 0;
    let floodStatus = "";
    const hostileGaps: number[] = [];
    let stopShownMs = NaN;
    try {
      const server = { name: "App fixture", transport: { type: "stdio" as const, command: process.execPath, args: [join(ROOT, "test/fixtures/apps/app-server.mjs")] } };
      const info = await core.dispatch("connect", { server });
      const context = await mode.browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await context.newPage();
      await page.goto(mode.web.url);
      await page.getByRole("tab", { name: "Tools", exact: true }).click();
      await page.getByRole("button", { name: "greet", exact: true }).click();
      const form = page.getByRole("form", { name: "Arguments for greet" });
      await form.getByRole("textbox", { name: "name" }).fill("Ada");
      for (let i = 1; i <= RUNS + 1; i++) {
        const t0 = now();
        await form.getByRole("button", { name: "Run", exact: true }).click();
        const panel = page.getByRole("article", { name: `Run ${i}: greet`, exact: true }).getByRole("region", { name: "App of greet" });
        await panel.getByRole("status").getByText("initialized", { exact: true }).waitFor({ timeout: 30_000 });
        if (i > 1) initialized.push(now() - t0); // the first also starts the proxy's process
      }
      const view = page.getByRole("article", { name: `Run ${RUNS + 1}: greet`, exact: true }).frameLocator('iframe[title="MCP App of greet"]').frameLocator("iframe");
      await view.getByText("sum:").count();
      const viewFrame = page.frames().find((f) => f.parentFrame()?.parentFrame() === page.mainFrame() && f.url() === "about:srcdoc");
      if (!viewFrame) throw new Error("the View's frame is not there");
      // The Tools tab's path, timed in the page too: the contract's callTool over a WebSocket of the page's origin.
      await page.evaluate(async (url) => {
        const socket = new WebSocket(url);
        await new Promise((resolve, reject) => {
          socket.onopen = resolve;
          socket.onerror = reject;
        });
        (window as unknown as { __benchSocket: WebSocket }).__benchSocket = socket;
      }, mode.web.apiUrl);
      const viaSocket = (n: number) =>
        page.evaluate(
          ({ n, sessionId }) =>
            new Promise<number>((resolve) => {
              const socket = (window as unknown as { __benchSocket: WebSocket }).__benchSocket;
              const t0 = performance.now();
              const listen = (event: MessageEvent) => {
                const message = JSON.parse(String(event.data)) as { type: string; id?: number };
                if (message.type === "result" && message.id === 1_000_000 + n) {
                  socket.removeEventListener("message", listen);
                  resolve(performance.now() - t0);
                }
              };
              socket.addEventListener("message", listen);
              socket.send(JSON.stringify({ type: "call", id: 1_000_000 + n, method: "callTool", params: { sessionId, name: "app-add", arguments: { a: 2, b: 3 } } }));
            }),
          { n, sessionId: info.sessionId },
        );
      // Each timed call starts from a quiet page: the log entries of the call before all in the core (a
      // bridge call makes four: the View's request and the wire's two at once, the answer to the View with
      // the bridge's next 100 ms flush; a direct call the wire's two) and two animation frames for the page
      // to take their event batch. Without this, one side was timed while the page still handled the other's
      // aftermath (a bridge answer's flush landing in a direct call, or the reverse), which moved the ratio
      // between 0.8× and 3.5× from run to run.
      const logLength = async () => (await core.dispatch("getLog", { sessionId: info.sessionId })).entries.length;
      let expected = await logLength();
      const quiet = async (entries: number) => {
        expected += entries;
        const until = now() + 5_000;
        while ((await logLength()) < expected && now() < until) await new Promise((r) => setTimeout(r, 5));
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
      };
      // The View's own request function (test/fixtures/apps/app-server.mjs), timed on the View's clock.
      // A string, so it runs in the View's own global scope, where its `request` lives.
      const viaBridge = async () => (await viewFrame.evaluate(`(async () => { const t0 = performance.now(); await request("tools/call", { name: "app-add", arguments: { a: 2, b: 3 } }); return performance.now() - t0; })()`)) as number;
      const pingViaFrames = async () => (await viewFrame.evaluate(`(async () => { const t0 = performance.now(); await request("ping", {}); return performance.now() - t0; })()`)) as number;
      for (let i = 0; i < CALLS + 1; i++) {
        const ms = await viaBridge();
        await quiet(4);
        const direct = await viaSocket(i);
        await quiet(2);
        const ping = await pingViaFrames();
        await quiet(2);
        if (i === 0) continue;
        bridgeCalls.push(ms);
        directCalls.push(direct);
        framePings.push(ping);
      }
      await page.evaluate(() => (window as unknown as { __benchSocket: WebSocket }).__benchSocket.close());
      // The View runs the ordinary tool `plain` and draws its text, timed on its clock (the Tools tab's runs of the
      // same tool come at the end: picking another tool there closes this App).
      const viewDraws = `(async () => { const t0 = performance.now(); const result = await request("tools/call", { name: "plain", arguments: {} }); const out = document.createElement("p"); out.textContent = result.content[0].text; document.body.append(out); out.getBoundingClientRect(); return performance.now() - t0; })()`;
      for (let i = 0; i < CALLS + 1; i++) {
        const ms = (await viewFrame.evaluate(viewDraws)) as number;
        await quiet(4);
        if (i > 0) viewRuns.push(ms);
      }

      // Where a bridge call's time goes, in more calls of the same kind (after the timed ones, so the probes
      // cost them nothing), on the clock the frames share (performance.timeOrigin + now()): the View's request
      // heard by the proxy (a capture listener on its window), the page's contract message out and its answer
      // in (its WebSocket), the answer heard by the View. The proxy and the page talk over a MessageChannel,
      // which no window listener sees, so the legs through it are timed end to end.
      const proxyFrame = page.frames().find((f) => f.parentFrame() === page.mainFrame() && f.url().includes("/proxy.html"));
      if (!proxyFrame) throw new Error("the proxy's frame is not there");
      const probe = `(() => { window.__hops = {}; const at = () => performance.timeOrigin + performance.now();
        window.addEventListener("message", (e) => { const m = e.data; if (m && m.method === "tools/call") window.__hops.request = at(); else if (m && m.result && m.result.content) window.__hops.answer = at(); }, true);
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) {
          if (String(data).includes('"method":"appCallTool"')) {
            window.__hops.out = at();
            if (!this.__probed) { this.__probed = true; this.addEventListener("message", (e) => { if (String(e.data).startsWith('{"type":"result"') && String(e.data).includes('"content"')) window.__hops.back = performance.timeOrigin + e.timeStamp; }); }
          }
          return send.call(this, data);
        };
      })()`;
      for (const f of [viewFrame, proxyFrame, page.mainFrame()]) await f.evaluate(probe);
      for (let i = 0; i < CALLS; i++) {
        for (const f of [viewFrame, proxyFrame, page.mainFrame()]) await f.evaluate("window.__hops = {}");
        const sent = (await viewFrame.evaluate(`(async () => { const t0 = performance.timeOrigin + performance.now(); await request("tools/call", { name: "app-add", arguments: { a: 2, b: 3 } }); return t0; })()`)) as number;
        const [v, x, p] = (await Promise.all([viewFrame, proxyFrame, page.mainFrame()].map((f) => f.evaluate("window.__hops")))) as Record<string, number>[];
        const points = [sent, x!.request!, p!.out!, p!.back!, v!.answer!];
        for (let k = 1; k < points.length; k++) (hops[k - 1] ??= []).push(points[k]! - points[k - 1]!);
        await quiet(4);
      }
      // C. 1,000 bridge messages a second for 5 s from the View: none lost (each in the session's log) and the
      // page's frame intervals while they flow.
      await page.evaluate(() => {
        const w = window as unknown as { __frames: number[]; __framing: boolean };
        w.__frames = [];
        w.__framing = true;
        const tick = (t: number) => {
          w.__frames.push(t);
          if (w.__framing) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const before = (await core.dispatch("getLog", { sessionId: info.sessionId })).entries.length;
      await viewFrame.evaluate(`new Promise((resolve) => { let sent = 0; const timer = setInterval(() => { for (let i = 0; i < 10; i++) send({ jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: "bench " + sent++ } }); if (sent >= ${FLOOD}) { clearInterval(timer); resolve(sent); } }, 10); })`);
      // The page logs in batches every 100 ms: wait until the last one is in.
      const deadline = now() + 5_000;
      let logged = 0;
      while (now() < deadline) {
        const { entries } = await core.dispatch("getLog", { sessionId: info.sessionId });
        logged = entries.slice(before).filter((e) => e.remark?.includes("app → host notifications/message")).length;
        if (logged >= FLOOD) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const frames = await page.evaluate(() => {
        const w = window as unknown as { __frames: number[]; __framing: boolean };
        w.__framing = false;
        return w.__frames;
      });
      for (let i = 1; i < frames.length; i++) frameIntervals.push(frames[i]! - frames[i - 1]!);
      floodLogged = logged;
      floodStatus = (await page.getByRole("article", { name: `Run ${RUNS + 1}: greet`, exact: true }).getByRole("region", { name: "App of greet" }).getByRole("status").textContent()) ?? "";
      // D. A hostile flood, stopped by the proxy: the page's frame gaps meanwhile, and crossing → "stopped" shown.
      await page.evaluate(() => {
        const w = window as unknown as { __gaps: number[]; __gapping: boolean; __stopped: Promise<number> };
        w.__gaps = [];
        w.__gapping = true;
        let last = 0;
        const tick = (t: number) => {
          if (last) w.__gaps.push(t - last);
          last = t;
          if (w.__gapping) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        w.__stopped = new Promise<number>((resolve) => {
          const check = () => {
            if ([...document.querySelectorAll('[aria-label="App of greet"] [role="status"]')].some((s) => s.textContent === "stopped")) resolve(performance.timeOrigin + performance.now());
            else requestAnimationFrame(check);
          };
          check();
        });
      });
      // The first burst crosses the bound at once (2,000 a second); the View's clock says when it was sent.
      const crossedAt = (await viewFrame.evaluate(
        `(() => { const t0 = performance.timeOrigin + performance.now(); for (let i = 0; i < 2100; i++) send({ jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: "hostile " + i } }); setInterval(() => { for (let i = 0; i < 200; i++) send({ jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: "hostile" } }); }, 10); return t0; })()`,
      )) as number;
      const stoppedAt = (await page.evaluate(() => (window as unknown as { __stopped: Promise<number> }).__stopped)) as number;
      stopShownMs = stoppedAt - crossedAt;
      await page.waitForTimeout(1000);
      hostileGaps.push(
        ...((await page.evaluate(() => {
          const w = window as unknown as { __gaps: number[]; __gapping: boolean };
          w.__gapping = false;
          return w.__gaps;
        })) as number[]),
      );
      // The Tools tab's run of `plain`: from the click on Run to its result drawn in the new run's card, on the page's clock.
      await page.getByRole("button", { name: "plain", exact: true }).click();
      const plainForm = page.getByRole("form", { name: "Arguments for plain" });
      await plainForm.waitFor();
      for (let i = 0; i < CALLS + 1; i++) {
        const ms = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const form = document.querySelector('form[aria-label="Arguments for plain"]') as HTMLFormElement;
              const run = [...form.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Run") as HTMLButtonElement;
              const cards = () => [...document.querySelectorAll('article[aria-label$=": plain"]')];
              const before = new Set(cards());
              const t0 = performance.now();
              const drawn = () => cards().some((card) => !before.has(card) && card.querySelector(".tool-result"));
              const observer = new MutationObserver(() => {
                if (!drawn()) return;
                observer.disconnect();
                document.body.getBoundingClientRect();
                resolve(performance.now() - t0);
              });
              observer.observe(document.body, { subtree: true, childList: true, characterData: true });
              run.click();
            }),
        );
        await quiet(2);
        if (i > 0) toolsTabRuns.push(ms);
      }
      await context.close();
    } finally {
      await mode.close();
    }
    const init = summarize(initialized);
    const bridge = summarize(bridgeCalls);
    const direct = summarize(directCalls);
    const ratio = bridge.p50 / direct.p50;
    const floor = summarize(framePings);
    const tabRun = summarize(toolsTabRuns);
    const viewRun = summarize(viewRuns);
    const frames = summarize(frameIntervals);
    const gaps = summarize(hostileGaps);
    return {
      figures: [
        figure("Run → App initialized, p50", init.p50, "ms", { note: `${init.count} runs; p95 ${init.p95.toFixed(0)} ms` }),
        figure("App tools/call through the bridge, p50", bridge.p50, "ms", { note: `${bridge.count} calls, timed in the View` }),
        figure("the same tools/call over the page's WebSocket contract, p50", direct.p50, "ms"),
        atMost("bridge ÷ direct", ratio, "×", 1.5, "≤ 1.5×"),
        figure("the frames' floor: a ping from the View answered by the page's AppBridge, p50", floor.p50, "ms", { note: "View → proxy → page and back, logged like any bridge message, no contract call" }),
        figure("the lowest ratio the frames allow: (direct + floor) ÷ direct", (direct.p50 + floor.p50) / direct.p50, "×", { note: "what any host with the spec's two frames pays here" }),
        figure("an ordinary tool run from the Tools tab: click → result drawn, p50", tabRun.p50, "ms", { note: `${tabRun.count} runs, timed in the page` }),
        figure("the same tool run by the App: its request → result drawn in the View, p50", viewRun.p50, "ms", { note: `${viewRun.count} runs, timed in the View` }),
        atMost("App run ÷ Tools tab run, as each caller sees it", viewRun.p50 / tabRun.p50, "×", 1.5, "≤ 1.5×"),
        ...HOPS.map((name, k) => figure(`bridge call leg: ${name}, p50`, summarize(hops[k] ?? []).p50, "ms")),
        atLeast("1,000 bridge messages/s for 5 s: logged", floodLogged, "", FLOOD, `all ${FLOOD}`, `the App still ${floodStatus}`),
        atMost("page frame interval during them, p95", frames.p95, "ms", 20, "≤ 20 ms", `max ${frames.max.toFixed(0)} ms`),
        atMost("hostile flood (20,000 messages/s) stopped by the sandbox: page frame gap, max", gaps.max, "ms", 50, "≤ 50 ms", `${gaps.count} frames`),
        atMost("hostile flood: page frame gap, p95", gaps.p95, "ms", 20, "≤ 20 ms"),
        atMost("hostile flood: bound crossed → \"stopped\" shown", stopShownMs, "ms", 1000, "≤ 1 s"),
      ],
      notes: [
        "Browser mode in this process; the fixture App server over stdio. Run → initialized: Playwright's click to the panel's status, one warm-up run left out. The bridge call is timed in the View (its own JSON-RPC request → answer: View → proxy → AppBridge → contract over the WebSocket → server and back); the direct call is the contract's callTool over a WebSocket the page opens to the same browser-mode server, as the Tools tab sends it, timed in the page. The two alternate, each from a quiet page (the call before fully logged and its event batch taken), with a third: a ping from the View, which the AppBridge answers in the page, so it times the two frames' hops alone (the View runs in a sandboxed frame, which Chromium puts in a process of its own: each way is one cross-process message). The legs are timed in further bridge calls by a capture listener in each frame and the page's WebSocket, on the shared clock; performance.now() is coarsened to 0.1 ms, so each leg is ±0.1 ms.",
      ],
      details: { initialized: init, bridge, direct, floor, tabRun, viewRun, frames, floodLogged, hostileGaps: gaps, stopShownMs, hops: Object.fromEntries(HOPS.map((name, k) => [name, summarize(hops[k] ?? [])])) },
    };
  },
};
