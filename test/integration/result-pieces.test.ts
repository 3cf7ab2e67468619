// Issue 33 over real stdio and browser mode's WebSocket: a big tool result (test/fixtures/big-result-server.mjs)
// reaches the page cut, every message the page receives stays bounded, and readResultPiece gives the rest a
// piece at a time: read whole, each part is exactly what the server sent (the CLI's callTool gets it whole).
// The same for a tool called as a 2025-11-25 task: its tasks/result reaches the page cut, read by task id.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startWebServer, type WebServer } from "../../main/web/server.js";
import { RESULT_PAGE_BYTES, RESULT_READ_BYTES, type ClientTask, type ResultPart, type ToolRun } from "../../shared/types.js";
import { createHarness } from "../helpers/harness.js";
import { fixtureServer } from "../helpers/servers.js";

let web: WebServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await web?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  web = dir = undefined;
});

/** A socket as the page opens it: every message it receives is kept, with its size. */
async function pageSocket(server: WebServer) {
  const ws = new WebSocket(server.apiUrl, { headers: { Origin: server.origin } });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const sizes: number[] = [];
  const eventSizes: { type: string; size: number }[] = [];
  const runs: ToolRun[] = [];
  const tasks: ClientTask[] = [];
  const answers = new Map<number, (message: { ok: boolean; result?: unknown; error?: { message: string } }, size: number) => void>();
  const watchers = new Set<() => void>();
  ws.on("message", (data) => {
    const text = String(data);
    sizes.push(text.length);
    const message = JSON.parse(text) as { type: string; id: number; ok: boolean; events?: { type: string; payload: unknown }[] };
    if (message.type === "result") answers.get(message.id)?.(message, text.length);
    for (const event of message.events ?? []) {
      eventSizes.push({ type: event.type, size: JSON.stringify(event).length });
      if (event.type === "toolRunChanged") runs.push(event.payload as ToolRun);
      if (event.type === "clientTaskChanged") tasks.push(event.payload as ClientTask);
    }
    for (const w of [...watchers]) w();
  });
  let nextId = 1;
  const page = {
    ws,
    sizes,
    eventSizes,
    runs,
    /** The answer to a call, and the size of the message that carried it. */
    answered<T>(method: string, params: unknown): Promise<{ result: T; size: number }> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        answers.set(id, (m, size) => (m.ok ? resolve({ result: m.result as T, size }) : reject(new Error(m.error!.message))));
        ws.send(JSON.stringify({ type: "call", id, method, params }));
      });
    },
    /** The first run or task event that matches, as the page was sent it. */
    seen<T>(list: T[], match: (item: T) => boolean): Promise<T> {
      return new Promise((resolve) => {
        const check = () => {
          const found = list.find(match);
          if (found) {
            watchers.delete(check);
            resolve(found);
          }
        };
        watchers.add(check);
        check();
      });
    },
    /** The run once it is done, as the page was sent it. */
    done: (runId: number): Promise<ToolRun> => page.seen(runs, (r) => r.runId === runId && r.status !== "running"),
    /** The task once its result came, as the page was sent it. */
    taskResult: (taskId: string): Promise<ClientTask> => page.seen(tasks, (t) => t.task.taskId === taskId && t.result !== undefined),
    call: <T,>(method: string, params: unknown) => page.answered<T>(method, params).then((a) => a.result),
  };
  return page;
}

type Page = Awaited<ReturnType<typeof pageSocket>>;

/** A part read whole a piece at a time (from what the page holds of it): each answer within its bound. */
async function readWhole(page: Page, of: { runId: number } | { sessionId: string; taskId: string }, part: ResultPart, from: string, maxBytes: number): Promise<string> {
  let got = from;
  for (;;) {
    const { result: piece, size } = await page.answered<{ text: string; chars: number }>("readResultPiece", { ...of, ...part, offset: got.length, maxBytes });
    // Within its bytes, give or take JSON's escapes (its lines and keys are quoted).
    expect(size).toBeLessThanOrEqual(maxBytes * 1.25 + 1024);
    got += piece.text;
    if (got.length >= piece.chars) return got;
    expect(piece.text.length).toBeGreaterThan(0);
  }
}

describe("a big tool result in pieces over the WebSocket", () => {
  it("the page receives a bounded run, reads each part a piece at a time, and the parts read whole are exact", { timeout: 120_000 }, async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("big-result-server.mjs") });
    dir = await mkdtemp(join(tmpdir(), "result-pieces-"));
    web = await startWebServer({ core: h.core, rendererDir: dir });
    const page = await pageSocket(web);
    const args = { megabytes: 3, fieldKb: 512, rows: 100 };

    const { runId } = await page.call<{ runId: number }>("startToolRun", { sessionId, name: "big-result", arguments: args });
    const run = await page.done(runId);
    expect(run.status).toBe("done");
    // Every event so far is bounded (the run's; the protocol log's entry of the response is cut at 256 KB
    // too), and so is every message (a batch may carry both): nothing near the 3.6 MB result.
    const largest = (runs: boolean) => Math.max(...page.eventSizes.filter((e) => (e.type === "toolRunChanged") === runs).map((e) => e.size));
    expect(largest(true)).toBeLessThanOrEqual(RESULT_PAGE_BYTES + 1024);
    expect(largest(false)).toBeLessThanOrEqual(RESULT_PAGE_BYTES + 32 * 1024);
    expect(Math.max(...page.sizes)).toBeLessThanOrEqual(2 * RESULT_PAGE_BYTES + 16 * 1024);
    expect(run.pieces!.bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(run.pieces!.texts).toEqual([{ index: 0, chars: expect.any(Number), bytes: expect.any(Number) }]);
    expect(run.pieces!.structuredContent!.bytes).toBeGreaterThan(512 * 1024);
    const first = (run.result!.content[0] as { text: string }).text;

    // What the server sent, whole, as the CLI gets it (core.dispatch, no page in between).
    const whole = (await h.core.dispatch("callTool", { sessionId, name: "big-result", arguments: args })) as CallToolResult;
    const text = (whole.content[0] as { text: string }).text;
    expect(text.endsWith("\nEND")).toBe(true);
    expect(text.startsWith(first)).toBe(true);

    // The pieces, on demand: each answer within its bound, and together exactly the part.
    const readAll = (part: ResultPart, from: string, maxBytes: number) => readWhole(page, { runId }, part, from, maxBytes);
    expect(await readAll({ part: "content", index: 0 }, first, 100 * 1024)).toBe(text);
    expect(await readAll({ part: "structuredContent" }, "", RESULT_READ_BYTES)).toBe(JSON.stringify(whole.structuredContent, null, 2));
    const raw = JSON.parse(await readAll({ part: "result" }, "", RESULT_READ_BYTES)) as CallToolResult;
    expect(raw.content).toEqual(whole.content);
    expect(raw.structuredContent).toEqual(whole.structuredContent);

    // Bounded and strict: a read past the bound, or of a block that is not text, is refused.
    await expect(page.call("readResultPiece", { runId, part: "result", offset: 0, maxBytes: 64 * 1024 * 1024 })).rejects.toThrow(/maxBytes/);
    await expect(page.call("readResultPiece", { runId, part: "content", index: 5, offset: 0, maxBytes: 1024 })).rejects.toThrow(/not a text block/);
    await expect(page.call("readResultPiece", { runId: 999, part: "result", offset: 0, maxBytes: 1024 })).rejects.toThrow(/No result of tool run 999/);
    page.ws.close();
  });

  it("Q4: a task's big tasks/result reaches the page cut, is read by the task's id, and the CLI still gets it whole", { timeout: 120_000 }, async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: fixtureServer("big-result-server.mjs") });
    dir = await mkdtemp(join(tmpdir(), "result-pieces-"));
    web = await startWebServer({ core: h.core, rendererDir: dir });
    const page = await pageSocket(web);
    const args = { megabytes: 2, fieldKb: 300, rows: 50 };

    const { runId } = await page.call<{ runId: number }>("startToolRun", { sessionId, name: "big-result", arguments: args, asTask: true });
    const taskId = (await page.seen(page.runs, (r) => r.runId === runId && r.taskId !== undefined)).taskId!;
    const task = await page.taskResult(taskId);
    // Every task event and every message stays bounded: nothing near the 2.4 MB result.
    const largest = Math.max(...page.eventSizes.filter((e) => e.type === "clientTaskChanged").map((e) => e.size));
    expect(largest).toBeLessThanOrEqual(RESULT_PAGE_BYTES + 2048);
    expect(Math.max(...page.sizes)).toBeLessThanOrEqual(2 * RESULT_PAGE_BYTES + 16 * 1024);
    expect(task.pieces!.bytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(task.pieces!.structuredContent!.bytes).toBeGreaterThan(300 * 1024);
    // A window that loads later gets the task cut as well (getSnapshot through the page's socket)...
    const { result: snapshot, size } = await page.answered<{ clientTasks: ClientTask[] }>("getSnapshot", {});
    expect(size).toBeLessThanOrEqual(2 * RESULT_PAGE_BYTES + 16 * 1024);
    expect(snapshot.clientTasks.find((t) => t.task.taskId === taskId)!.pieces).toEqual(task.pieces);
    // ...while the core's own readers (the CLI) get it whole.
    const whole = (await h.core.dispatch("getSnapshot", {})).clientTasks.find((t) => t.task.taskId === taskId)!.result!;
    expect(whole.content[0]).toMatchObject({ type: "text", text: expect.stringMatching(/\nEND$/) });
    expect((await h.core.page.dispatch("followClientTask", { sessionId, taskId }) as ClientTask).pieces).toEqual(task.pieces);

    const of = { sessionId, taskId };
    const first = (task.result!.content[0] as { text: string }).text;
    expect(await readWhole(page, of, { part: "content", index: 0 }, first, 100 * 1024)).toBe((whole.content[0] as { text: string }).text);
    expect(await readWhole(page, of, { part: "structuredContent" }, "", RESULT_READ_BYTES)).toBe(JSON.stringify(whole.structuredContent, null, 2));
    const raw = JSON.parse(await readWhole(page, of, { part: "result" }, "", RESULT_READ_BYTES)) as CallToolResult;
    expect(raw.structuredContent).toEqual(whole.structuredContent);

    // A run or a task, not both, nor half a task; a task the core does not hold says so, and what to do.
    await expect(page.call("readResultPiece", { runId, sessionId, taskId, part: "result", offset: 0, maxBytes: 1024 })).rejects.toThrow(/either a run/);
    await expect(page.call("readResultPiece", { taskId, part: "result", offset: 0, maxBytes: 1024 })).rejects.toThrow(/either a run/);
    await expect(page.call("readResultPiece", { sessionId, taskId: "no-such-task", part: "result", offset: 0, maxBytes: 1024 })).rejects.toThrow(/Task no-such-task: this result is no longer held .*; run the tool again/);
    page.ws.close();
  });

  it("M2: a 2026-07-28 task's big inline result reaches the page cut too, and is read by the task's id", { timeout: 120_000 }, async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/modern-server.mjs"), era: "2026-07-28" } });
    dir = await mkdtemp(join(tmpdir(), "result-pieces-"));
    web = await startWebServer({ core: h.core, rendererDir: dir });
    const page = await pageSocket(web);
    const { runId } = await page.call<{ runId: number }>("startToolRun", { sessionId, name: "task-big", arguments: {} });
    const taskId = (await page.seen(page.runs, (r) => r.runId === runId && r.taskId !== undefined)).taskId!;
    const task = await page.taskResult(taskId);
    expect(task.era).toBe("modern");
    expect(Math.max(...page.eventSizes.filter((e) => e.type === "clientTaskChanged").map((e) => e.size))).toBeLessThanOrEqual(RESULT_PAGE_BYTES + 2048);
    expect(task.pieces!.texts).toEqual([{ index: 0, chars: 270_003, bytes: 270_003 }]);
    const first = (task.result!.content[0] as { text: string }).text;
    expect(await readWhole(page, { sessionId, taskId }, { part: "content", index: 0 }, first, 100 * 1024)).toBe(`${"big line\n".repeat(30_000)}END`);
    page.ws.close();
  });
});
