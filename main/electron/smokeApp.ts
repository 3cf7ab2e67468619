// The `--smoke` run's MCP App (issue 20): a tiny App server inside the main process, on loopback Streamable
// HTTP, so a packaged app proves its App host with nothing outside the app (no `node` on PATH, nothing
// unpacked from the asar). One App tool, `smoke_app`, whose View initializes, takes the run's `nonce` from
// its tool-input, calls the App-only tool `smoke_echo` through the bridge (App → host → server and back),
// times that round trip and reports it with `ui/update-model-context`, which the App panel shows. Only the
// smoke run starts it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

import { SMOKE_APP_TOOL, SMOKE_ECHO_TOOL, SMOKE_VIEW_URI } from "./smokeAppNames.js";

export { ROUND_TRIP_REPORT, SMOKE_APP_TOOL, SMOKE_ECHO_TOOL, SMOKE_FAILED_REPORT, SMOKE_VIEW_URI } from "./smokeAppNames.js";
const APP_MIME = "text/html;profile=mcp-app";

/** The View speaks the bridge by hand (no bundle to ship): initialize, then one tools/call per tool-input. */
export const SMOKE_VIEW_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Smoke App</title>
<style>body{font:14px system-ui,sans-serif;margin:12px} h1{font-size:16px;margin:0 0 8px}</style></head>
<body><h1>Smoke App</h1><p id="status">starting</p><p>Bridge round trip: <span id="trip">(not yet)</span></p>
<script>
let next = 1; const waiting = new Map(); let asked = false;
const send = (m) => window.parent.postMessage(m, "*");
const request = (method, params) => new Promise((resolve, reject) => { const id = next++; waiting.set(id, { resolve, reject }); send({ jsonrpc: "2.0", id, method, params }); });
const show = (id, text) => { document.getElementById(id).textContent = text; };
const report = (text) => request("ui/update-model-context", { content: [{ type: "text", text }] });
const failed = (what, e) => { const why = what + ": " + ((e && e.message) || String(e)); show("status", "failed: " + why); report("smoke failed: " + why).catch(() => {}); };
window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return;
  const m = event.data;
  if (!m || m.jsonrpc !== "2.0") return;
  if (m.id !== undefined && !m.method && waiting.has(m.id)) { const w = waiting.get(m.id); waiting.delete(m.id); m.error ? w.reject(m.error) : w.resolve(m.result); return; }
  if (m.method === "ui/resource-teardown") { send({ jsonrpc: "2.0", id: m.id, result: {} }); return; }
  if (m.method !== "ui/notifications/tool-input" || asked) return;
  asked = true;
  const nonce = String((m.params && m.params.arguments && m.params.arguments.nonce) || "");
  const started = performance.now();
  request("tools/call", { name: "${SMOKE_ECHO_TOOL}", arguments: { nonce } })
    .then((result) => {
      const ms = (performance.now() - started).toFixed(1);
      const text = (result.content || []).map((c) => c.text).join(" ");
      show("trip", ms + " ms: " + text);
      return report("bridge round trip " + ms + " ms: " + text);
    })
    .catch((e) => failed("tools/call ${SMOKE_ECHO_TOOL}", e));
});
request("ui/initialize", { protocolVersion: "2026-01-26", appInfo: { name: "smoke-app", version: "1.0.0" }, appCapabilities: {} })
  .then((r) => {
    show("status", "initialized by " + r.hostInfo.name);
    send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
    send({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { height: Math.ceil(document.body.getBoundingClientRect().height) + 24 } });
  })
  .catch((e) => failed("ui/initialize", e));
</script></body></html>`;

export interface SmokeAppServer {
  /** The Streamable HTTP endpoint, on 127.0.0.1. */
  url: string;
  /** Every nonce `smoke_echo` answered, in order: the smoke checks the View's call reached this server. */
  echoes: string[];
  close(): Promise<void>;
}

function appServer(echoes: string[]): McpServer {
  const server = new McpServer({ name: "mcp-task-inspector-smoke-app", version: "1.0.0" });
  server.registerTool(
    SMOKE_APP_TOOL,
    {
      description: "The smoke run's App: its View calls smoke_echo through the bridge with this nonce.",
      inputSchema: { nonce: z.string().max(200) },
      _meta: { ui: { resourceUri: SMOKE_VIEW_URI } },
    },
    async ({ nonce }) => ({ content: [{ type: "text", text: `smoke App run ${nonce}` }] }),
  );
  server.registerTool(
    SMOKE_ECHO_TOOL,
    {
      description: "Called by the smoke App's View only: answers its nonce.",
      inputSchema: { nonce: z.string().max(200) },
      // AP2: only its App may call it.
      _meta: { ui: { resourceUri: SMOKE_VIEW_URI, visibility: ["app"] } },
    },
    async ({ nonce }) => {
      echoes.push(nonce);
      return { content: [{ type: "text", text: `echo ${nonce}` }] };
    },
  );
  server.registerResource("Smoke App", SMOKE_VIEW_URI, { mimeType: APP_MIME }, async () => ({
    contents: [{ uri: SMOKE_VIEW_URI, mimeType: APP_MIME, text: SMOKE_VIEW_HTML }],
  }));
  return server;
}

/** Starts the server on a free loopback port. Stateless: a server and transport per request. */
export async function startSmokeAppServer(): Promise<SmokeAppServer> {
  const echoes: string[] = [];
  const http: Server = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") {
      res.writeHead(404).end();
      return;
    }
    const server = appServer(echoes);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    echoes,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
