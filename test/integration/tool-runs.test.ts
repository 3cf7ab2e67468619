// Issue 13 over real stdio, in both eras: every request the user starts carries a progressToken; a tool
// run's progress reaches the core's run record; the time-out restarts on progress and a maximum total
// stops a run that keeps reporting; the user's Cancel sends notifications/cancelled (2025-11-25 and
// 2026-07-28 on stdio) and the server stops; runs and withdrawn notes are in getSnapshot.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { EventPayload } from "../../shared/contract.js";
import type { LogEntry, ToolRun } from "../../shared/types.js";
import { createHarness, type Harness } from "../helpers/harness.js";
import { everythingServer, fixtureServer } from "../helpers/servers.js";

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

async function connect(h: Harness, server: ReturnType<typeof fixtureServer>) {
  return (await h.core.dispatch("connect", { server })).sessionId;
}

/**
 * Connects with the default time-outs, then sets the short ones under test: a server that starts slowly on a
 * loaded machine must not fail its opening (the era probe, initialize) on a limit meant for the run.
 */
async function connectThenLimit(h: Harness, server: ReturnType<typeof fixtureServer>, limits: { requestTimeoutMs: number; maxRequestTotalMs?: number }) {
  const sessionId = await connect(h, server);
  await h.core.dispatch("updateSettings", limits);
  return sessionId;
}

function outgoing(entries: LogEntry[], method: string) {
  return entries.filter((e) => e.direction === "out" && e.method === method).map((e) => e.payload as { id?: number; params?: { _meta?: Record<string, unknown>; requestId?: unknown; reason?: unknown } });
}

const runOf = (h: Harness, runId: number) => h.core.toolRuns.get(runId) as ToolRun;
const firstRunningRun = (h: Harness, toolName: string) =>
  h.waitFor("toolRunChanged", (r: EventPayload<"toolRunChanged">) => r.toolName === toolName && r.status === "running");

const eras = [
  { era: "2025-11-25", server: () => fixtureServer("progress-server.mjs") },
  { era: "2026-07-28", server: () => ({ ...fixtureServer("modern/progress-server.mjs"), era: "2026-07-28" as const }) },
] as const;

describe.each(eras)("tool runs on $era", ({ server }) => {
  it("a run carries a progressToken; each notifications/progress reaches the run; the run ends done with its result", async () => {
    const h = createHarness();
    const sessionId = await connect(h, server());
    const result = await h.core.dispatch("callTool", { sessionId, name: "slow", arguments: { steps: 3, intervalMs: 30 } });
    expect(text(result)).toBe("finished 3 steps");
    const progress = h.events.filter((e) => e.type === "toolRunProgress").map((e) => (e.payload as EventPayload<"toolRunProgress">).progress);
    expect(progress).toEqual([1, 2, 3].map((step) => ({ progress: step, total: 3, message: `Step ${step} of 3` })));
    const [run] = h.core.toolRuns.list();
    expect(run).toMatchObject({ sessionId, toolName: "slow", status: "done", progress: { progress: 3, total: 3 }, result: { content: [{ type: "text", text: "finished 3 steps" }] } });
    expect(run!.endedAt).toBeGreaterThanOrEqual(run!.startedAt);
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    const [call] = outgoing(entries, "tools/call");
    expect(call?.params?._meta?.progressToken).toBe(call?.id);
  });

  it("the time-out restarts on progress: a run four times longer than requestTimeoutMs finishes while progress keeps coming", async () => {
    const h = createHarness();
    // Each step's gap is a quarter of the time-out, so a loaded machine's late timers still fit.
    const sessionId = await connectThenLimit(h, server(), { requestTimeoutMs: 1000, maxRequestTotalMs: 60_000 });
    const result = await h.core.dispatch("callTool", { sessionId, name: "slow", arguments: { steps: 16, intervalMs: 250 } });
    expect(text(result)).toBe("finished 16 steps");
  });

  it("a request with no answer and no progress times out after requestTimeoutMs, and the server is told", async () => {
    const h = createHarness();
    const sessionId = await connectThenLimit(h, server(), { requestTimeoutMs: 300 });
    await expect(h.core.dispatch("callTool", { sessionId, name: "slow", arguments: { steps: 1, intervalMs: 5000 } })).rejects.toThrow(
      /Request timed out: no answer and no progress for 300 ms/,
    );
    const [run] = h.core.toolRuns.list();
    expect(run).toMatchObject({ status: "error", error: expect.stringMatching(/no answer and no progress for 300 ms/) });
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    const [call] = outgoing(entries, "tools/call");
    expect(outgoing(entries, "notifications/cancelled").map((n) => n.params?.requestId)).toEqual([call?.id]);
  });

  it("the maximum total stops a run that keeps reporting progress, with a message that says so, and cancels it on the wire", async () => {
    const h = createHarness();
    const sessionId = await connectThenLimit(h, server(), { requestTimeoutMs: 1000, maxRequestTotalMs: 1000 });
    await expect(h.core.dispatch("callTool", { sessionId, name: "slow", arguments: { steps: 100, intervalMs: 100 } })).rejects.toThrow(
      /stopped after 1 s in all: that is the most a request may take \("Maximum total time of a request" in Settings\)/,
    );
    const [run] = h.core.toolRuns.list();
    expect(run!.status).toBe("error");
    expect(run!.progress!.progress).toBeGreaterThan(3);
    await h.waitFor("stderrLine", (l) => / cancelled at step /.test(l.line));
    const seen = JSON.parse(text(await h.core.dispatch("callTool", { sessionId, name: "cancellations", arguments: {} }))) as { step: number }[];
    expect(seen).toHaveLength(1);
    expect(seen[0]!.step).toBeLessThan(100);
  });

  it("Cancel: the run says cancelled (and when) at once, notifications/cancelled names its request, and the server stops", async () => {
    const h = createHarness();
    const sessionId = await connect(h, server());
    const { runId } = await h.core.dispatch("startToolRun", { sessionId, name: "slow", arguments: { steps: 100, intervalMs: 50 } });
    await h.waitFor("toolRunProgress", (p) => p.runId === runId && p.progress.progress >= 2);
    const cancelled = await h.core.dispatch("cancelToolRun", { runId });
    expect(cancelled).toMatchObject({ runId, status: "cancelled" });
    expect(cancelled.cancelledAt).toBeGreaterThanOrEqual(cancelled.startedAt);
    await expect(h.core.dispatch("cancelToolRun", { runId })).rejects.toThrow(`Run ${runId} is already cancelled`);
    // The server stops, and says so on stderr; it recorded the reason it was given.
    await h.waitFor("stderrLine", (l) => / cancelled at step /.test(l.line));
    const cancellations = JSON.parse(text(await h.core.dispatch("callTool", { sessionId, name: "cancellations", arguments: {} })));
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    const call = outgoing(entries, "tools/call").find((c) => (c.params as { name?: string } | undefined)?.name === "slow");
    const [notice] = outgoing(entries, "notifications/cancelled");
    expect(notice?.params).toMatchObject({ requestId: call?.id, reason: "Cancelled by the user" });
    expect(cancellations).toEqual([{ requestId: call?.id, reason: "Cancelled by the user", step: expect.any(Number) }]);
    expect(runOf(h, runId).status).toBe("cancelled");
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.toolRuns?.find((r) => r.runId === runId)).toMatchObject({ status: "cancelled", toolName: "slow" });
  });
});

describe("every request the user starts carries a progressToken", () => {
  it("2025-11-25: lists, reads, prompts, pings and tool calls", async () => {
    const h = createHarness();
    const sessionId = await connect(h, fixtureServer("progress-server.mjs"));
    await h.core.dispatch("listTools", { sessionId });
    await h.core.dispatch("listResources", { sessionId });
    await h.core.dispatch("readResource", { sessionId, uri: "fixture://note" });
    await h.core.dispatch("listPrompts", { sessionId });
    await h.core.dispatch("getPrompt", { sessionId, name: "hello", arguments: {} });
    await h.core.dispatch("ping", { sessionId });
    await h.core.dispatch("callTool", { sessionId, name: "tokens", arguments: {} });
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    for (const method of ["tools/list", "resources/list", "resources/read", "prompts/list", "prompts/get", "ping", "tools/call"]) {
      const sent = outgoing(entries, method);
      expect(sent.length, method).toBeGreaterThan(0);
      for (const request of sent) expect(request.params?._meta?.progressToken, method).toBe(request.id);
    }
  });
});

describe("server-everything: trigger-long-running-operation", () => {
  it("runs to its end past requestTimeoutMs while progress keeps coming, every step's progress and total reach the run, the last one too", async () => {
    const h = createHarness();
    // Steps a second apart, the time-out 2.5 s: the run outlasts it only because progress keeps coming.
    const sessionId = await connectThenLimit(h, everythingServer(), { requestTimeoutMs: 2500 });
    const result = await h.core.dispatch("callTool", { sessionId, name: "trigger-long-running-operation", arguments: { duration: 4, steps: 4 } });
    expect(text(result)).toMatch(/Long running operation completed/);
    const progress = h.events.filter((e) => e.type === "toolRunProgress").map((e) => (e.payload as EventPayload<"toolRunProgress">).progress);
    // Every step, the last one too (it comes right before the response).
    expect(progress).toEqual([1, 2, 3, 4].map((step) => ({ progress: step, total: 4 })));
  });
});

describe("withdrawn notes are kept by the core", () => {
  it("a withdrawn input is in getSnapshot until dismissed; dismissing emits withdrawnNotesDismissed", async () => {
    const h = createHarness();
    const sessionId = await connect(h, everythingServer());
    const call = h.core.dispatch("callTool", { sessionId, name: "trigger-elicitation-request", arguments: {} }).catch(() => undefined);
    const input = await h.waitFor("pendingInputAdded");
    await h.core.dispatch("disconnect", { sessionId });
    await call;
    const snapshot = await h.core.dispatch("getSnapshot", {});
    expect(snapshot.withdrawnNotes).toEqual([expect.objectContaining({ input: expect.objectContaining({ id: input.id }), reason: "disconnected" })]);
    await h.core.dispatch("dismissWithdrawnNotes", { pendingInputIds: [input.id] });
    expect(await h.waitFor("withdrawnNotesDismissed")).toEqual({ pendingInputIds: [input.id] });
    expect((await h.core.dispatch("getSnapshot", {})).withdrawnNotes).toEqual([]);
  });
});

describe("2026-07-28: cancelling the modern way", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  /** The modern progress fixture over Streamable HTTP; resolves its endpoint and a wait for a stderr line. */
  function startHttp(): Promise<{ url: string; stderrLine(pattern: RegExp): Promise<string> }> {
    const child = spawn(process.execPath, [fileURLToPath(new URL("../fixtures/modern/progress-server.mjs", import.meta.url)), "--http"], { stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let err = "";
    const waiters: (() => void)[] = [];
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      for (const w of waiters.splice(0)) w();
    });
    const stderrLine = (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        const check = () => {
          const line = err.split("\n").find((l) => pattern.test(l));
          if (line) resolve(line);
          else waiters.push(check);
        };
        check();
      });
    return new Promise((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening (\d+)/.exec(out);
        if (match) resolve({ url: `http://127.0.0.1:${match[1]}/mcp`, stderrLine });
      });
      child.once("exit", (code) => reject(new Error(`progress-server --http exited with ${code}`)));
    });
  }

  it("over Streamable HTTP a Cancel closes the request's response stream and sends no notifications/cancelled; the server stops", async () => {
    const { url, stderrLine } = await startHttp();
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { name: "modern-progress-http", era: "2026-07-28", transport: { type: "streamableHttp", url } } });
    const { runId } = await h.core.dispatch("startToolRun", { sessionId, name: "slow", arguments: { steps: 100, intervalMs: 50 } });
    await h.waitFor("toolRunProgress", (p) => p.runId === runId && p.progress.progress >= 2);
    expect((await h.core.dispatch("cancelToolRun", { runId })).status).toBe("cancelled");
    expect(await stderrLine(/cancelled at step \d+/)).toMatch(/^modern-progress-server: request \S+ cancelled at step \d+$/);
    const posted = JSON.parse(text(await h.core.dispatch("callTool", { sessionId, name: "posted", arguments: {} }))) as (string | null)[];
    expect(posted).toContain("tools/call");
    expect(posted).not.toContain("notifications/cancelled");
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    const notice = entries.find((e) => e.direction === "out" && e.method === "notifications/cancelled");
    expect((notice?.payload as { note?: string } | undefined)?.note).toMatch(/Not sent: on 2026-07-28 over Streamable HTTP the request was cancelled by closing its response stream/);
    // The session carries on.
    expect(text(await h.core.dispatch("callTool", { sessionId, name: "slow", arguments: { steps: 1, intervalMs: 1 } }))).toBe("finished 1 steps");
  });

  it("I4: a Cancel while a multi round-trip call waits for the user withdraws its input with a note, and the run says cancelled", async () => {
    const h = createHarness();
    const { sessionId } = await h.core.dispatch("connect", { server: { ...fixtureServer("modern/modern-server.mjs"), era: "2026-07-28" } });
    const { runId } = await h.core.dispatch("startToolRun", { sessionId, name: "interview", arguments: {} });
    const input = await h.waitFor("pendingInputAdded");
    await h.core.dispatch("cancelToolRun", { runId });
    const withdrawn = await h.waitFor("pendingInputWithdrawn", (w) => w.pendingInputId === input.id);
    expect(withdrawn).toMatchObject({ reason: "requestCancelled", message: expect.stringMatching(/tools\/call ended: tools\/call was cancelled while waiting for your input/) });
    expect(runOf(h, runId).status).toBe("cancelled");
    expect((await h.core.dispatch("getSnapshot", {})).withdrawnNotes?.map((n) => n.input.id)).toEqual([input.id]);
  });

  it("every request the user starts carries a progressToken: lists, the ping (server/discover) and tool calls", async () => {
    const h = createHarness();
    const sessionId = await connect(h, { ...fixtureServer("modern/progress-server.mjs"), era: "2026-07-28" });
    await h.core.dispatch("listTools", { sessionId });
    await h.core.dispatch("ping", { sessionId });
    await h.core.dispatch("callTool", { sessionId, name: "cancellations", arguments: {} });
    const { entries } = await h.core.dispatch("getLog", { sessionId });
    for (const method of ["tools/list", "tools/call"]) {
      const sent = outgoing(entries, method);
      expect(sent.length, method).toBeGreaterThan(0);
      for (const request of sent) expect(request.params?._meta?.progressToken, method).toBe(request.id);
    }
    // The connect's own server/discover is not a user request; the ping's is.
    expect(outgoing(entries, "server/discover").at(-1)?.params?._meta?.progressToken).toBeDefined();
  });
});
