// Scenario 9: MCP Apps (issue 20), in Chromium, browser mode, against the fixture App server
// (test/fixtures/apps/app-server.mjs over stdio):
//   A. Run → App initialized: from the click on Run to the App panel saying "initialized" (the tools/call,
//      the View's resources/read by the core, the sandbox proxy frame, ui/initialize answered by the
//      AppBridge), on the page's clock, for the newest run each time;
//   B. an App's tools/call through the bridge (timed in the View: its request → the answer, via the proxy,
//      the AppBridge, the contract over the WebSocket, the server) against the same call the Tools tab makes
//      (the contract's callTool over the page's WebSocket, from a client in this process), the ratio of the p50s.
import { join } from "node:path";
import { WebSocket } from "ws";
import { InspectorCore } from "../../main/core/index.js";
import { startBrowserMode } from "../lib/browser.js";
import { count, now, ROOT } from "../lib/env.js";
import { atMost, figure, type Scenario } from "../lib/results.js";
import { summarize } from "../lib/stats.js";

const RUNS = count(20, 4);
const CALLS = count(30, 5);

export const apps: Scenario = {
  id: "apps",
  title: "9. MCP Apps: run → App initialized, bridge tools/call",
  async run() {
    const core = new InspectorCore();
    const mode = await startBrowserMode(core);
    const initialized: number[] = [];
    const bridgeCalls: number[] = [];
    const directCalls: number[] = [];
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
      const socket = new WebSocket(mode.web.apiUrl, { origin: mode.web.origin });
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      let id = 0;
      const viaSocket = () =>
        new Promise<void>((resolve) => {
          const mine = ++id;
          const listen = (data: Buffer) => {
            const message = JSON.parse(data.toString()) as { type: string; id?: number };
            if (message.type === "result" && message.id === mine) {
              socket.off("message", listen);
              resolve();
            }
          };
          socket.on("message", listen);
          socket.send(JSON.stringify({ type: "call", id: mine, method: "callTool", params: { sessionId: info.sessionId, name: "app-add", arguments: { a: 2, b: 3 } } }));
        });
      for (let i = 0; i < CALLS + 1; i++) {
        // The View's own request function (test/fixtures/apps/app-server.mjs), timed on the View's clock.
        // A string, so it runs in the View's own global scope, where its `request` lives.
        const ms = (await viewFrame.evaluate(`(async () => { const t0 = performance.now(); await request("tools/call", { name: "app-add", arguments: { a: 2, b: 3 } }); return performance.now() - t0; })()`)) as number;
        const t1 = now();
        await viaSocket();
        const direct = now() - t1;
        if (i === 0) continue;
        bridgeCalls.push(ms);
        directCalls.push(direct);
      }
      socket.close();
      await context.close();
    } finally {
      await mode.close();
    }
    const init = summarize(initialized);
    const bridge = summarize(bridgeCalls);
    const direct = summarize(directCalls);
    const ratio = bridge.p50 / direct.p50;
    return {
      figures: [
        figure("Run → App initialized, p50", init.p50, "ms", { note: `${init.count} runs; p95 ${init.p95.toFixed(0)} ms` }),
        figure("App tools/call through the bridge, p50", bridge.p50, "ms", { note: `${bridge.count} calls, timed in the View` }),
        figure("the same tools/call over the page's WebSocket contract, p50", direct.p50, "ms"),
        atMost("bridge ÷ direct", ratio, "×", 1.5, "≤ 1.5×"),
      ],
      notes: [
        "Browser mode in this process; the fixture App server over stdio. Run → initialized: Playwright's click to the panel's status, one warm-up run left out. The bridge call is timed in the View (its own JSON-RPC request → answer: View → proxy → AppBridge → contract over the WebSocket → server and back); the direct call is the contract's callTool over a WebSocket to the same browser-mode server, as the Tools tab sends it.",
      ],
      details: { initialized: init, bridge, direct },
    };
  },
};
