// Which waiting requests a task row and a task's details say the task waits on: one index of the waiting
// requests, looked up by the task's own links (R7: a receiver task's request; M5: a modern task's input
// requests) and by the requests naming it as related (Q3), never by a same-named task of the other kind.
import { describe, expect, it } from "vitest";
import { indexPending, inputsOfTask } from "../../renderer/src/tabs/pending/waitingOn.js";
import { taskKey } from "../../renderer/src/store/keys.js";
import { elicitation, sampling } from "../renderer/fixtures.js";

describe("inputsOfTask over indexPending", () => {
  const linked = elicitation("p1", { message: "linked" });
  const related = sampling("p2", {}, { relatedTaskId: "t1" });
  const forReceiver = elicitation("p3", { message: "for the receiver task" }, { receiverTaskId: "t1" });
  const otherSession = sampling("p4", {}, { sessionId: "s2", relatedTaskId: "t1" });
  const index = indexPending([linked, related, forReceiver, otherSession]);
  const key = taskKey("s1", "t1");

  it("Q3 M5: a client task waits on the requests it links, then those naming it as related, each once", () => {
    expect(inputsOfTask({ key, kind: "client", linkedInputIds: ["p1", "p2", "gone"] }, index).map((p) => p.id)).toEqual(["p1", "p2"]);
    expect(inputsOfTask({ key, kind: "client", linkedInputIds: [] }, index).map((p) => p.id)).toEqual(["p2"]);
  });

  it("R7: a receiver task waits on the request it was made for, before its record names it; a client task of the same id does not", () => {
    expect(inputsOfTask({ key, kind: "receiver", linkedInputIds: [] }, index).map((p) => p.id)).toEqual(["p3"]);
    expect(inputsOfTask({ key, kind: "client", linkedInputIds: [] }, index).map((p) => p.id)).not.toContain("p3");
  });

  it("a request of another session naming the same task id belongs to that session's task", () => {
    expect(inputsOfTask({ key: taskKey("s2", "t1"), kind: "client", linkedInputIds: [] }, index).map((p) => p.id)).toEqual(["p4"]);
  });
});
