// Scenario 12: `load`'s throughput against a bare MCP SDK client making the same calls (server-everything's
// echo over stdio) at concurrency 1, 8 and 32, in the same run, alternating which goes first. Goal: the
// inspector's load at least 0.9× the bare client (it logs every message and goes through the session).
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { InspectorCore } from "../../main/core/index.js";
import { runLoad } from "../../main/core/checks/load.js";
import { QUICK } from "../lib/env.js";
import { atLeast, figure, type Figure, type Scenario } from "../lib/results.js";

const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const DURATION_MS = QUICK ? 1000 : 3000;
const ARGS = { message: "load" };

async function bare(concurrency: number): Promise<number> {
  const client = new Client({ name: "bare-bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"] }));
  try {
    let calls = 0;
    const started = performance.now();
    const deadline = started + DURATION_MS;
    const worker = async () => {
      while (performance.now() < deadline) {
        await client.request({ method: "tools/call", params: { name: "echo", arguments: ARGS } }, CallToolResultSchema);
        calls++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return calls / ((performance.now() - started) / 1000);
  } finally {
    await client.close();
  }
}

async function ours(concurrency: number): Promise<number> {
  const core = new InspectorCore();
  const { sessionId } = await core.dispatch("connect", { server: { name: "everything", era: "2025-11-25", transport: { type: "stdio", command: process.execPath, args: [EVERYTHING, "stdio"] } } });
  try {
    const report = await runLoad(core.session(sessionId), { tool: "echo", arguments: ARGS, concurrency, durationMs: DURATION_MS, timeoutMs: 30_000 });
    if (report.ok !== report.calls) throw new Error(`load: ${JSON.stringify(report.errors)}`);
    return report.throughput;
  } finally {
    await core.shutdown();
  }
}

export const load: Scenario = {
  id: "load",
  title: "13. Load: echo throughput vs a bare SDK client",
  async run() {
    const figures: Figure[] = [];
    const details: Record<string, unknown> = {};
    for (const [i, concurrency] of [1, 8, 32].entries()) {
      // Alternate who goes first, so a warming machine favours neither.
      const first = i % 2 === 0 ? await bare(concurrency) : await ours(concurrency);
      const second = i % 2 === 0 ? await ours(concurrency) : await bare(concurrency);
      const [bareRate, ourRate] = i % 2 === 0 ? [first, second] : [second, first];
      details[`c${concurrency}`] = { bare: bareRate, ours: ourRate };
      figures.push(figure(`bare SDK client, concurrency ${concurrency}`, bareRate, "/s"));
      figures.push(figure(`load, concurrency ${concurrency}`, ourRate, "/s"));
      figures.push(atLeast(`load ÷ bare, concurrency ${concurrency}`, ourRate / bareRate, "×", 0.9, "≥ 0.9×"));
    }
    return { figures, notes: [`Each side calls server-everything's echo over stdio for ${DURATION_MS / 1000} s per concurrency, in one process; the inspector's side logs every message and goes through its session.`], details };
  },
};
