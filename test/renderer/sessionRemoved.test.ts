// Issue 13: `sessionRemoved` takes everything the page shows for that session along (as the core forgets it),
// and nothing of the other sessions.
import { describe, expect, it } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type LogEntry } from "../../shared/types.js";
import { createInspectorStore } from "../../renderer/src/store/inspectorStore.js";
import { clientTask, elicitation, receiverTask, session, toolRun } from "./fixtures.js";

const entry = (seq: number, sessionId: string): LogEntry => ({ seq, sessionId, direction: "in", time: new Date(0).toISOString(), method: "x", payload: {} });

describe("sessionRemoved in the store", () => {
  it("forgets the session, its log, runs, tasks, tools, notes and resource updates; keeps the other's; selects the one left", () => {
    const store = createInspectorStore();
    store.getState().applySnapshot({
      sessions: [session({ sessionId: "keep" }), session({ sessionId: "old", state: "disconnected" })],
      pendingInputs: [],
      clientTasks: [clientTask("t1", { sessionId: "old" }), clientTask("t2", { sessionId: "keep" })],
      receiverTasks: [receiverTask("r1", { sessionId: "old" })],
      settings: DEFAULT_SETTINGS,
      toolRuns: [toolRun(1, { sessionId: "old" }), toolRun(2, { sessionId: "keep" })],
      withdrawnNotes: [{ input: elicitation("p1", { message: "hi" }, { sessionId: "old" }), reason: "disconnected", message: "ended", withdrawnAt: 1 }],
    });
    store.getState().selectSession("old");
    store.getState().bindServerSession("entry", "old");
    store.getState().setTools("old", []);
    const events: InspectorEvent[] = [
      { type: "logEntry", payload: entry(1, "old") },
      { type: "logEntry", payload: entry(2, "keep") },
      { type: "resourceUpdated", payload: { sessionId: "old", uri: "r://x", at: 1 } },
    ];
    store.getState().applyEvents(events);
    const version = store.getState().tasksVersion;

    store.getState().applyEvents([{ type: "sessionRemoved", payload: { sessionId: "old" } }]);
    const s = store.getState();
    expect(Object.keys(s.sessions)).toEqual(["keep"]);
    expect(s.sessionOrder).toEqual(["keep"]);
    expect(s.selectedSessionId).toBe("keep");
    expect(s.serverSessions).toEqual({});
    expect(Object.keys(s.logs)).toEqual(["keep"]);
    expect(s.runs.map((r) => r.sessionId)).toEqual(["keep"]);
    expect(s.withdrawnNotes).toEqual([]);
    expect(Object.values(s.clientTasks).map((t) => t.sessionId)).toEqual(["keep"]);
    expect(s.receiverTasks).toEqual({});
    expect(s.taskOrder).toHaveLength(1);
    expect(s.tasksVersion).toBeGreaterThan(version);
    expect("old" in s.toolsBySession).toBe(false);
    expect("old" in s.resourceUpdates).toBe(false);
  });
});
