// Issue 13, timing with fake timers: a request's time-out restarts on each progress notification, a
// maximum total holds however much progress comes, the user's cancel aborts at once, and nothing fires
// after the request ended. Also the core's records: runs and withdrawn notes are bounded per session, a
// cancelled run ignores a late answer.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { boundedProgress, PROGRESS_MESSAGE_KEPT, RequestGuard } from "../../main/core/requestGuard.js";
import { systemPorts } from "../../main/core/ports.js";
import { EventBus } from "../../main/core/eventBus.js";
import { newPendingInput, PendingInputs } from "../../main/core/pendingInputs.js";
import { ToolRuns } from "../../main/core/toolRuns.js";
import { WithdrawnNotes } from "../../main/core/withdrawnNotes.js";
import type { InspectorEvent } from "../../shared/contract.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const limits = { requestTimeoutMs: 1000, maxRequestTotalMs: 5000 };
const progressOf = (guard: RequestGuard) => guard.options().onprogress!;

describe("RequestGuard", () => {
  it("gives the SDK a progress handler (so the request carries a progressToken) and turns the SDK's own timer off", () => {
    const guard = new RequestGuard(systemPorts.timers, limits);
    const options = guard.options();
    expect(typeof options.onprogress).toBe("function");
    expect(options.timeout).toBe(2_147_483_647);
    expect(options.signal).toBe(guard.signal);
    guard.end();
  });

  it("no answer and no progress for requestTimeoutMs: aborted with a time-out that says so", () => {
    const guard = new RequestGuard(systemPorts.timers, limits);
    vi.advanceTimersByTime(999);
    expect(guard.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.signal.aborted).toBe(true);
    expect(guard.signal.reason).toBeInstanceOf(McpError);
    expect((guard.signal.reason as McpError).message).toBe("MCP error -32001: Request timed out: no answer and no progress for 1 s (\"Request timeout\" in Settings)");
  });

  it("each progress notification restarts the time-out, and its progress is handed on", () => {
    const seen: unknown[] = [];
    const guard = new RequestGuard(systemPorts.timers, limits, { progress: (p) => seen.push(p) });
    for (let step = 1; step <= 4; step++) {
      vi.advanceTimersByTime(900);
      progressOf(guard)({ progress: step, total: 4 });
    }
    // 3.6 s in all, far past the 1 s time-out, and still running.
    expect(guard.signal.aborted).toBe(false);
    expect(seen).toEqual([1, 2, 3, 4].map((progress) => ({ progress, total: 4 })));
    vi.advanceTimersByTime(1000);
    expect(guard.signal.aborted).toBe(true);
  });

  it("the maximum total holds however much progress comes, with its own message", () => {
    const guard = new RequestGuard(systemPorts.timers, limits);
    let step = 0;
    while (!guard.signal.aborted && step < 100) {
      vi.advanceTimersByTime(500);
      if (!guard.signal.aborted) progressOf(guard)({ progress: ++step });
    }
    expect(step).toBe(9); // 10 × 500 ms = the 5 s maximum
    expect((guard.signal.reason as McpError).message).toMatch(/Request stopped after 5 s in all: that is the most a request may take \("Maximum total time of a request" in Settings\), whatever progress/);
  });

  it("the user's cancel aborts at once with its reason; a guard made after the cancel starts aborted", () => {
    const user = new AbortController();
    const guard = new RequestGuard(systemPorts.timers, limits, { signal: user.signal });
    user.abort("Cancelled by the user");
    expect(guard.signal.aborted).toBe(true);
    expect(guard.signal.reason).toBe("Cancelled by the user");
    expect(new RequestGuard(systemPorts.timers, limits, { signal: user.signal }).signal.aborted).toBe(true);
  });

  it("after end() nothing fires and late progress goes nowhere", () => {
    const seen: unknown[] = [];
    const guard = new RequestGuard(systemPorts.timers, limits, { progress: (p) => seen.push(p) });
    guard.end();
    vi.advanceTimersByTime(10_000);
    progressOf(guard)({ progress: 1 });
    expect(guard.signal.aborted).toBe(false);
    expect(seen).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("boundedProgress: a server's progress is untrusted", () => {
  it("keeps a finite progress and total, and the start of a long message; drops what is not a number", () => {
    expect(boundedProgress({ progress: Number.NaN })).toBeUndefined();
    expect(boundedProgress({ progress: "3" })).toBeUndefined();
    expect(boundedProgress({ progress: 1, total: Infinity, message: 42 })).toEqual({ progress: 1 });
    expect(boundedProgress({ progress: 1, message: "m".repeat(100_000) })!.message).toHaveLength(PROGRESS_MESSAGE_KEPT);
  });
});

describe("the core's records are bounded per session", () => {
  it("ToolRuns keeps its limit of runs a session (200 in the app), dropping the oldest finished ones, never a running one", async () => {
    const bus = new EventBus();
    const runs = new ToolRuns(bus, { now: () => 0 }, 3);
    const forever = () => new Promise<never>(() => {});
    const start = (sessionId: string, work: () => Promise<unknown>) => runs.track({ sessionId, toolName: "t", arguments: {}, asTask: false }, work, () => ({}));
    const running = start("a", forever).runId;
    await start("a", async () => ({})).done;
    await start("a", async () => ({})).done;
    await start("b", async () => ({})).done;
    start("a", forever);
    start("a", forever);
    const kept = runs.list();
    expect(kept.filter((r) => r.sessionId === "a")).toHaveLength(3);
    expect(kept.filter((r) => r.sessionId === "b")).toHaveLength(1);
    expect(kept.some((r) => r.runId === running)).toBe(true);
    expect(kept.filter((r) => r.sessionId === "a").every((r) => r.status === "running")).toBe(true);
  });

  it("a cancelled run stays cancelled when its answer comes late", async () => {
    const events: InspectorEvent[] = [];
    const bus = new EventBus();
    bus.subscribe((e) => events.push(e));
    let answer: (v: unknown) => void = () => {};
    const runs = new ToolRuns(bus, { now: () => 7 });
    const { runId, done } = runs.track({ sessionId: "a", toolName: "t", arguments: {}, asTask: false }, (controls) => {
      controls.signal.addEventListener("abort", () => {});
      return new Promise((resolve) => (answer = resolve));
    }, () => ({ result: { content: [] } }));
    expect(runs.cancel(runId)).toMatchObject({ status: "cancelled", cancelledAt: 7 });
    answer({});
    await done;
    expect(runs.get(runId)!.status).toBe("cancelled");
    expect(events.filter((e) => e.type === "toolRunChanged").map((e) => (e.payload as { status: string }).status)).toEqual(["running", "cancelled"]);
  });

  it("WithdrawnNotes keeps its limit a session (500 in the app; the oldest go) and forgets dismissed ones", () => {
    const bus = new EventBus();
    const events: InspectorEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const notes = new WithdrawnNotes(bus, { now: () => 1 }, 2);
    const input = (id: string, sessionId = "a") => ({ id, sessionId, serverName: "x", kind: "elicitation" as const, params: {}, receivedAt: "" });
    for (const id of ["1", "2", "3"]) notes.add(input(id), "disconnected", "gone");
    notes.add(input("b1", "b"), "disconnected", "gone");
    expect(notes.list().map((n) => n.input.id)).toEqual(["2", "3", "b1"]);
    notes.dismiss(["2", "unknown"]);
    expect(notes.list().map((n) => n.input.id)).toEqual(["3", "b1"]);
    expect(events).toEqual([{ type: "withdrawnNotesDismissed", payload: { pendingInputIds: ["2"] } }]);
    notes.dismiss(["nothing"]);
    expect(events).toHaveLength(1);
  });
});

describe("a run as a task", () => {
  it("is not cancelled through the run (that would orphan the task being created): the task is cancelled itself", () => {
    const runs = new ToolRuns(new EventBus(), { now: () => 0 });
    const { runId } = runs.track({ sessionId: "a", toolName: "t", arguments: {}, asTask: true }, () => new Promise<never>(() => {}), () => ({}));
    expect(() => runs.cancel(runId)).toThrow(`Run ${runId} is starting a task: cancel the task itself (tasks/cancel) once it is created`);
    expect(runs.get(runId)!.status).toBe("running");
  });
});

describe("the page keeps as many runs as the core", () => {
  it("RUNS_KEPT (renderer) equals TOOL_RUNS_KEPT (core)", async () => {
    const { RUNS_KEPT } = await import("../../renderer/src/store/toolsSlice.js");
    const { TOOL_RUNS_KEPT } = await import("../../shared/types.js");
    expect(RUNS_KEPT).toBe(TOOL_RUNS_KEPT);
  });
});

describe("RequestGuard held while the user answers a pending input", () => {
  const clock = { now: () => Date.now() };
  const desk = () => {
    const inputs = new PendingInputs(new EventBus());
    const ports = { ...systemPorts, clock };
    const ask = (sessionId: string, link: Parameters<typeof newPendingInput>[3] = {}) => {
      const input = newPendingInput({ sessionId, serverName: "s", ports }, "elicitation", { message: "?" }, link);
      inputs.add(input, { answered: () => {}, withdrawn: () => {} });
      return input.id;
    };
    const answer = (id: string) => inputs.answer(id, { kind: "elicitation", result: { action: "accept", content: {} } });
    return { inputs, ask, answer };
  };

  it("a server request that arrives while the request is in flight holds its time-out; the answer starts a fresh one", () => {
    const { inputs, ask, answer } = desk();
    const guard = new RequestGuard(systemPorts.timers, limits, { inputs: inputs.holdsFor("s1", clock) });
    vi.advanceTimersByTime(900);
    const id = ask("s1");
    // The user takes a minute: far past the 1 s time-out and the 5 s maximum total.
    vi.advanceTimersByTime(60_000);
    expect(guard.signal.aborted).toBe(false);
    answer(id);
    // A fresh time-out from the answer, not what was left of the old one (100 ms).
    vi.advanceTimersByTime(999);
    expect(guard.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect((guard.signal.reason as McpError).message).toMatch(/no answer and no progress for 1 s/);
  });

  it("the maximum total goes on with what it had left once the answer is in: the user's time is not counted, the server's is", () => {
    const { inputs, ask, answer } = desk();
    const guard = new RequestGuard(systemPorts.timers, limits, { inputs: inputs.holdsFor("s1", clock) });
    // 4.5 s of the server's time, kept alive by progress.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(900);
      progressOf(guard)({ progress: i });
    }
    const id = ask("s1");
    vi.advanceTimersByTime(30_000);
    answer(id);
    vi.advanceTimersByTime(499);
    expect(guard.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect((guard.signal.reason as McpError).message).toMatch(/Request stopped after 5 s in all/);
  });

  it("a withdrawn input releases the hold too; with two open, only the last one to leave releases it", () => {
    const { inputs, ask, answer } = desk();
    const guard = new RequestGuard(systemPorts.timers, limits, { inputs: inputs.holdsFor("s1", clock) });
    const first = ask("s1");
    const second = ask("s1");
    vi.advanceTimersByTime(10_000);
    answer(first);
    vi.advanceTimersByTime(10_000);
    expect(guard.signal.aborted).toBe(false);
    inputs.withdraw(second, "disconnected", "gone");
    vi.advanceTimersByTime(1000);
    expect(guard.signal.aborted).toBe(true);
  });

  it("no hold from an input of another session, one that opened before the request, or a modern round's input (it belongs to its own call)", () => {
    const { inputs, ask } = desk();
    const earlier = ask("s1");
    const guard = new RequestGuard(systemPorts.timers, limits, { inputs: inputs.holdsFor("s1", clock) });
    ask("s2");
    ask("s1", { modern: { via: "mrtr", key: "name", round: 1 } });
    ask("s1", { modern: { via: "task", key: "name" }, relatedTaskId: "t-1" });
    vi.advanceTimersByTime(1000);
    expect(guard.signal.aborted).toBe(true);
    expect(inputs.get(earlier)).toBeDefined();
  });

  it("an ended request stops listening: inputs opened later change nothing, and nothing is left subscribed", () => {
    const { inputs, ask, answer } = desk();
    const guard = new RequestGuard(systemPorts.timers, limits, { inputs: inputs.holdsFor("s1", clock) });
    guard.end();
    const id = ask("s1");
    answer(id);
    vi.advanceTimersByTime(10_000);
    expect(guard.signal.aborted).toBe(false);
    expect((inputs as unknown as { watchers: Set<unknown> }).watchers.size).toBe(0);
  });
});
