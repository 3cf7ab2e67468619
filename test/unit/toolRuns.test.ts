// The core's tool runs follow the client task a run became (issue 21): the run carries the task's status,
// its ending (deleted, expired, session ended: issue 19) and when we learned it ended, on a controlled clock.
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import type { ClientTask, ToolRun } from "../../shared/types.js";
import { EventBus } from "../../main/core/eventBus.js";
import { ToolRuns } from "../../main/core/toolRuns.js";

const SID = "s-1";

function setup() {
  const bus = new EventBus();
  let now = 1_000;
  const runs = new ToolRuns(bus, { now: () => now });
  const changed: ToolRun[] = [];
  bus.subscribe((e: InspectorEvent) => e.type === "toolRunChanged" && changed.push(e.payload));
  return { bus, runs, changed, tick: (ms: number) => (now += ms) };
}

const view = (taskId: string, status: ClientTask["task"]["status"], extra: Partial<ClientTask> = {}): ClientTask => ({
  sessionId: SID,
  toolName: "t",
  arguments: {},
  task: { taskId, status, createdAt: "2026-01-01T00:00:00.000Z", lastUpdatedAt: "2026-01-01T00:00:00.000Z", ttl: 60_000 },
  pendingInputIds: [],
  ...extra,
});

/** A run whose tools/call answers with task `taskId` when `answer` is called. */
function startTaskRun(runs: ToolRuns, taskId: string) {
  let answer!: (v: ClientTask) => void;
  const { runId, done } = runs.track(
    { sessionId: SID, toolName: "t", arguments: {}, asTask: false },
    () => new Promise<ClientTask>((resolve) => (answer = resolve)),
    (task) => ({ taskId: task.task.taskId, taskView: task }),
  );
  return { runId, done, answer: (v: ClientTask = view(taskId, "working")) => answer(v) };
}

describe("tool runs follow their task (core)", () => {
  it("issue 21: a run that became a task carries the task's status live, and its terminal status with the time we learned it", async () => {
    const { bus, runs, tick } = setup();
    const run = startTaskRun(runs, "a");
    tick(4);
    run.answer();
    await run.done;
    expect(runs.get(run.runId)).toMatchObject({ status: "done", taskId: "a", endedAt: 1_004, task: { status: "working" } });
    tick(1000);
    bus.emit("clientTaskChanged", view("a", "input_required"));
    expect(runs.get(run.runId)!.task).toEqual({ status: "input_required" });
    tick(2000);
    bus.emit("clientTaskChanged", view("a", "completed"));
    expect(runs.get(run.runId)!.task).toEqual({ status: "completed", endedAt: 4_004 });
    // A finished task deleted later ended with its status: the deletion is a trace, the end time stays.
    tick(50);
    bus.emit("clientTaskChanged", view("a", "completed", { deletedAt: "2026-01-01T00:00:09.000Z" }));
    expect(runs.get(run.runId)!.task).toEqual({ status: "completed", endedAt: 4_004 });
  });

  it("issue 19 M3: a purged task's run says deleted, an expired one's says expired, and a session's end says so", async () => {
    const { bus, runs, changed, tick } = setup();
    const purged = startTaskRun(runs, "p");
    const expired = startTaskRun(runs, "e");
    const cut = startTaskRun(runs, "s");
    for (const r of [purged, expired, cut]) r.answer(view(r === purged ? "p" : r === expired ? "e" : "s", "working", { era: "modern" }));
    await Promise.all([purged.done, expired.done, cut.done]);
    tick(500);
    const before = changed.length;
    bus.emit("clientTaskChanged", view("p", "working", { era: "modern", gone: "purged", deletedAt: "2026-01-01T00:00:01.000Z" }));
    bus.emit("clientTaskChanged", view("e", "working", { era: "modern", gone: "expired" }));
    bus.emit("clientTaskChanged", view("s", "working", { era: "modern", sessionEnded: true }));
    expect(runs.get(purged.runId)!.task).toEqual({ status: "working", ending: "deleted", endedAt: 1_500 });
    expect(runs.get(expired.runId)!.task).toEqual({ status: "working", ending: "expired", endedAt: 1_500 });
    expect(runs.get(cut.runId)!.task).toEqual({ status: "working", ending: "sessionEnded", endedAt: 1_500 });
    // Each change went out to the pages as toolRunChanged.
    expect(changed.slice(before).map((r) => r.task?.ending)).toEqual(["deleted", "expired", "sessionEnded"]);
  });

  it("a task's events that come before its tools/call returns are kept, and the older view the call returned does not undo them", async () => {
    const { bus, runs, tick } = setup();
    const run = startTaskRun(runs, "fast");
    tick(10);
    bus.emit("clientTaskChanged", view("fast", "working"));
    tick(10);
    bus.emit("clientTaskChanged", view("fast", "completed"));
    run.answer(view("fast", "working"));
    await run.done;
    expect(runs.get(run.runId)!.task).toEqual({ status: "completed", endedAt: 1_020 });
  });

  it("other sessions' tasks and a forgotten session's tasks do not reach a run", async () => {
    const { bus, runs } = setup();
    const run = startTaskRun(runs, "a");
    run.answer();
    await run.done;
    bus.emit("clientTaskChanged", { ...view("a", "failed"), sessionId: "s-2" });
    expect(runs.get(run.runId)!.task).toEqual({ status: "working" });
    runs.forgetSession(SID);
    bus.emit("clientTaskChanged", view("a", "failed"));
    expect(runs.get(run.runId)).toBeUndefined();
  });

  it("the states kept for tasks are bounded; a run's own task is the last to go, so a flood of other tasks does not stop it following", async () => {
    const { bus, runs } = setup();
    const run = startTaskRun(runs, "mine");
    run.answer();
    await run.done;
    for (let i = 0; i < 2_000; i++) bus.emit("clientTaskChanged", view(`other-${i}`, "working"));
    bus.emit("clientTaskChanged", view("mine", "failed"));
    expect(runs.get(run.runId)!.task).toMatchObject({ status: "failed" });
    expect((runs as unknown as { tasks: Map<string, unknown> }).tasks.size).toBeLessThanOrEqual(1_000);
  });
});
