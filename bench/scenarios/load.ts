// Scenario 13: `load`'s throughput against a bare MCP SDK client making the same calls (server-everything's
// echo over stdio) at concurrency 1, 8 and 32, in the same run. Goal: the inspector's load at least 0.9× the
// bare client (it logs every message and goes through the session). Each side keeps its own server and
// connection for the concurrency; their 3 s are taken in slices that take turns (bare, ours, ours, bare, …),
// so a machine whose load changes mid-run slows both alike rather than whichever ran then.
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
const SLICES = 3;
const ARGS = { message: "load" };

/** One side: `slice(ms)` makes calls for that long and says how many; `close` ends its connection. */
interface Side {
  slice(ms: number): Promise<number>;
  close(): Promise<void>;
}

async function bare(concurrency: number): Promise<Side> {
  const client = new Client({ name: "bare-bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"] }));
  return {
    async slice(ms) {
      let calls = 0;
      const deadline = performance.now() + ms;
      const worker = async () => {
        while (performance.now() < deadline) {
          await client.request({ method: "tools/call", params: { name: "echo", arguments: ARGS } }, CallToolResultSchema);
          calls++;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      return calls;
    },
    close: () => client.close(),
  };
}

async function ours(concurrency: number): Promise<Side> {
  const core = new InspectorCore();
  const { sessionId } = await core.dispatch("connect", { server: { name: "everything", era: "2025-11-25", transport: { type: "stdio", command: process.execPath, args: [EVERYTHING, "stdio"] } } });
  return {
    async slice(ms) {
      const report = await runLoad(core.session(sessionId), { tool: "echo", arguments: ARGS, concurrency, durationMs: ms, timeoutMs: 30_000 });
      if (report.ok !== report.calls) throw new Error(`load: ${JSON.stringify(report.errors)}`);
      return report.calls;
    },
    close: () => core.shutdown(),
  };
}

/** Calls a second of each side over its slices, the turns alternating who goes first. */
async function compare(concurrency: number): Promise<{ bare: number; ours: number }> {
  const sides = { bare: await bare(concurrency), ours: await ours(concurrency) };
  const totals = { bare: { calls: 0, ms: 0 }, ours: { calls: 0, ms: 0 } };
  try {
    for (let turn = 0; turn < SLICES; turn++) {
      for (const name of turn % 2 === 0 ? (["bare", "ours"] as const) : (["ours", "bare"] as const)) {
        const started = performance.now();
        totals[name].calls += await sides[name].slice(DURATION_MS / SLICES);
        totals[name].ms += performance.now() - started;
      }
    }
  } finally {
    await Promise.all([sides.bare.close(), sides.ours.close()]);
  }
  return { bare: totals.bare.calls / (totals.bare.ms / 1000), ours: totals.ours.calls / (totals.ours.ms / 1000) };
}

export const load: Scenario = {
  id: "load",
  title: "13. Load: echo throughput vs a bare SDK client",
  async run() {
    const figures: Figure[] = [];
    const details: Record<string, unknown> = {};
    for (const concurrency of [1, 8, 32]) {
      const { bare: bareRate, ours: ourRate } = await compare(concurrency);
      details[`c${concurrency}`] = { bare: bareRate, ours: ourRate };
      figures.push(figure(`bare SDK client, concurrency ${concurrency}`, bareRate, "/s"));
      figures.push(figure(`load, concurrency ${concurrency}`, ourRate, "/s"));
      figures.push(atLeast(`load ÷ bare, concurrency ${concurrency}`, ourRate / bareRate, "×", 0.9, "≥ 0.9×"));
    }
    return {
      figures,
      notes: [
        `Each side calls server-everything's echo over stdio for ${DURATION_MS / 1000} s per concurrency, in one process, each with its own server; the time is taken in ${SLICES} slices that take turns (bare, ours, ours, bare, bare, ours). The inspector's side logs every message and goes through its session.`,
      ],
      details,
    };
  },
};
