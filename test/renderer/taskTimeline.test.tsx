// @vitest-environment happy-dom
// The task timeline in the page: opened from a Tasks row and from a pending input's card, drawn as a
// picture with a summary line (polls in each direction, click-to-delivered), updated live from
// `taskTimelineEvents`, aggregated so 1,000 events stay a few hundred DOM nodes, copied as JSON (or
// selected for Ctrl+C when the clipboard is refused), closed with Escape.
import "./setup.js";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TaskTimeline, TimelineEvent } from "../../shared/timeline.js";
import { TaskTimelineView } from "../../renderer/src/tabs/timeline/TaskTimelineView.js";
import { createFakeBridge } from "./fakeBridge.js";
import { clientTask, elicitation, receiverTask, sampling, session } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";
import { renderWithStore } from "./renderWithStore.js";

afterEach(() => vi.restoreAllMocks());

/** A receiver task the server polled `polls` times; the user answered and the tasks/result reply left 0.2 ms later. */
function receiverLine(taskId: string, polls: number): TaskTimeline {
  const events: TimelineEvent[] = [];
  let at = 100;
  const add = (e: Omit<TimelineEvent, "seq" | "at" | "wall">, gap = 1) => {
    at += gap;
    events.push({ seq: events.length, at, wall: 1_700_000_000_000 + at, ...e });
  };
  add({ kind: "created", from: "server", method: "elicitation/create" });
  add({ kind: "status", from: "us", status: "working", detail: "Awaiting user response" });
  add({ kind: "inputRequested", from: "user", detail: "elicitation shown to the user" });
  add({ kind: "createReply", from: "us", method: "elicitation/create", replyTo: 0, status: "working" });
  for (let i = 0; i < polls; i++) {
    add({ kind: "poll", from: "server", method: "tasks/get" }, 1000);
    add({ kind: "pollReply", from: "us", method: "tasks/get", status: "working", replyTo: events.length - 1 }, 0.1);
  }
  add({ kind: "result", from: "server", method: "tasks/result" });
  add({ kind: "inputAnswered", from: "user", detail: "the user answered" }, 300);
  add({ kind: "status", from: "us", status: "completed" }, 0.05);
  add({ kind: "resultReply", from: "us", method: "tasks/result", replyTo: events.length - 3 }, 0.15);
  return { sessionId: "s1", taskId, role: "receiver", era: "legacy", dropped: 0, events };
}

describe("Task timeline", () => {
  it("opens from the Tasks tab as a picture whose summary counts the server's polls and the click-to-delivered time", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ taskId }) => receiverLine(taskId, 14));
    await renderApp({ sessions: [session()], receiverTasks: [receiverTask("r1")] }, bridge);
    await user.click(tabNamed("Tasks"));
    await user.click(screen.getByRole("button", { name: "Timeline of task r1" }));
    const dialog = await screen.findByRole("dialog", { name: "Timeline of task r1" });
    expect(bridge.callsOf("getTaskTimeline")).toEqual([{ sessionId: "s1", taskId: "r1" }]);
    const picture = await within(dialog).findByRole("img");
    expect(picture.tagName.toLowerCase()).toBe("svg");
    expect(picture.getAttribute("aria-label")).toMatch(/The server polled us 14 times and asked tasks\/result 1 time/);
    expect(picture.getAttribute("aria-label")).toMatch(/our answer reached the server 0\.2 ms after the click/);
    expect(within(dialog).getByText(/The server polled us 14 times/, { selector: "p" })).toBeTruthy();
    // The picture draws lanes and the delivery, labelled, as SVG text (never markup).
    expect(within(dialog).getByText("answer: 0.2 ms after the click")).toBeTruthy();
    expect([...picture.querySelectorAll(".tl-lane-label")].map((t) => t.textContent)).toEqual(["the server", "us", "the user"]);
    expect(picture.querySelectorAll(".tl-band").length).toBe(2); // working, completed
    // The events are in a list too, reachable by keyboard.
    const list = within(dialog).getByRole("table", { name: "Events of task r1" });
    expect(within(list).getByRole("rowgroup", { name: "Events of task r1 rows" }).tabIndex).toBe(0);
    expect(within(list).getAllByText("tasks/get").length).toBeGreaterThan(0);
  });

  it("opens from a task-linked pending input's card (Elicitations tab) for that receiver task", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ taskId }) => receiverLine(taskId, 2));
    await renderApp(
      { sessions: [session()], receiverTasks: [receiverTask("r7", { pendingInputId: "p1" })], pendingInputs: [elicitation("p1", { message: "Name?", requestedSchema: { type: "object", properties: {} } }, { receiverTaskId: "r7" })] },
      bridge,
    );
    await user.click(tabNamed("Elicitations"));
    await user.click(await screen.findByRole("button", { name: "Timeline of task r7" }));
    const dialog = await screen.findByRole("dialog", { name: "Timeline of task r7" });
    expect(await within(dialog).findByText(/The server polled us 2 times/, { selector: "p" })).toBeTruthy();
    expect(bridge.callsOf("getTaskTimeline")).toEqual([{ sessionId: "s1", taskId: "r7" }]);
  });

  it("a client task's input (related-task _meta) opens the timeline of that server task from its card (Sampling tab)", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ sessionId, taskId }) => ({ sessionId, taskId, role: "client", era: "legacy", dropped: 0, events: [{ seq: 0, at: 1, wall: 1, kind: "created", from: "us", method: "tools/call" }] }));
    await renderApp({ sessions: [session()], clientTasks: [clientTask("c5", { pendingInputIds: ["p2"] })], pendingInputs: [sampling("p2", {}, { relatedTaskId: "c5" })] }, bridge);
    await user.click(tabNamed("Sampling"));
    await user.click(await screen.findByRole("button", { name: "Timeline of task c5" }));
    const dialog = await screen.findByRole("dialog", { name: "Timeline of task c5" });
    expect(await within(dialog).findByText(/We polled the server 0 times/, { selector: "p" })).toBeTruthy();
    expect(within(dialog).getByRole("heading").textContent).toBe("Timeline of client task c5 · 2025-11-25");
  });

  it("updates live from taskTimelineEvents: new polls count at once, other tasks' events and repeats do not", async () => {
    const bridge = createFakeBridge();
    const fetched = receiverLine("r1", 3);
    bridge.handle("getTaskTimeline", () => fetched);
    renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    await screen.findByText(/The server polled us 3 times/, { selector: "p" });
    const last = fetched.events[fetched.events.length - 1]!;
    const poll = (seq: number): TimelineEvent => ({ seq, at: last.at + 1000 * (seq - last.seq), wall: 0, kind: "poll", from: "server", method: "tasks/get" });
    bridge.emit(
      { type: "taskTimelineEvents", payload: { sessionId: "s1", taskId: "r1", role: "receiver", events: [poll(last.seq + 1)] } },
      // Already fetched: the same seq again is not a second event.
      { type: "taskTimelineEvents", payload: { sessionId: "s1", taskId: "r1", events: [fetched.events[4]!] } },
      { type: "taskTimelineEvents", payload: { sessionId: "s1", taskId: "other", events: [poll(999)] } },
      { type: "taskTimelineEvents", payload: { sessionId: "s2", taskId: "r1", events: [poll(998)] } },
    );
    expect(screen.getByText(/The server polled us 4 times/, { selector: "p" })).toBeTruthy();
    bridge.emit({ type: "taskTimelineEvents", payload: { sessionId: "s1", taskId: "r1", events: [poll(last.seq + 2), poll(last.seq + 3)] } });
    expect(screen.getByText(/The server polled us 6 times/, { selector: "p" })).toBeTruthy();
  });

  it("events streamed before the fetch answers are kept (subscribe first, then fetch)", async () => {
    const bridge = createFakeBridge();
    let answer!: (t: TaskTimeline) => void;
    bridge.handle("getTaskTimeline", () => new Promise<TaskTimeline>((resolve) => (answer = resolve)));
    renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    const line = receiverLine("r1", 1);
    const early: TimelineEvent = { seq: line.events.length, at: 1e6, wall: 0, kind: "poll", from: "server", method: "tasks/get" };
    bridge.emit({ type: "taskTimelineEvents", payload: { sessionId: "s1", taskId: "r1", events: [early] } });
    await act(async () => answer(line));
    expect(screen.getByText(/The server polled us 2 times/, { selector: "p" })).toBeTruthy();
  });

  it("a legacy server told by our status notification before it asks tasks/result: both times are said, and drawn", async () => {
    const bridge = createFakeBridge();
    const line = receiverLine("r1", 2);
    const answered = line.events.find((e) => e.kind === "inputAnswered")!;
    const reply = line.events.pop()!;
    line.events.push(
      { seq: reply.seq, at: answered.at + 0.3, wall: 0, kind: "notification", from: "us", method: "notifications/tasks/status", status: "completed" },
      { ...reply, seq: reply.seq + 1, at: answered.at + 800 },
    );
    bridge.handle("getTaskTimeline", () => line);
    renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    expect(await screen.findByText(/the server was told 0\.3 ms after the click \(a status notification or a poll's reply\); our answer reached the server 800 ms after the click\./, { selector: "p" })).toBeTruthy();
    const picture = screen.getByRole("img");
    expect([...picture.querySelectorAll(".tl-delivery text")].map((t) => t.textContent)).toEqual(["told: 0.3 ms", "answer: 800 ms after the click"]);
  });

  it("1,000 events render as an aggregated picture: far fewer than 1,000 DOM nodes, every event still in the (virtual) list", async () => {
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ taskId }) => receiverLine(taskId, 500)); // 1,008 events
    const { container } = renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    const picture = await screen.findByRole("img");
    expect(picture.getAttribute("aria-label")).toMatch(/polled us 500 times/);
    expect(container.querySelectorAll("*").length).toBeLessThan(600);
    expect(picture.querySelectorAll("*").length).toBeLessThan(80);
    // One row per event, the header row, less the status change folded into the reply that carried it (working).
    expect(screen.getByRole("table", { name: "Events of task r1" }).getAttribute("aria-rowcount")).toBe("1008");
  });

  it("pointing at the picture reads the nearest event; a click selects it in the list", async () => {
    const bridge = createFakeBridge();
    const line = receiverLine("r1", 2);
    bridge.handle("getTaskTimeline", () => line);
    renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    const picture = await screen.findByRole("img");
    // happy-dom has no layout: the picture is 1,000 px wide, like its viewBox.
    picture.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1000, height: 212, right: 1000, bottom: 212, x: 0, y: 0, toJSON: () => ({}) });
    // The last event (the tasks/result reply) sits at the right end of the plot; past it, it is the nearest.
    fireEvent.mouseMove(picture, { clientX: 995 });
    expect(document.querySelector(".tl-readout")?.textContent).toMatch(/^\+[\d.]+ s · us: reply to tasks\/result$/);
    fireEvent.click(picture, { clientX: 995 });
    const list = screen.getByRole("table", { name: "Events of task r1" });
    const selected = list.querySelector(".vrow.selected");
    // The last row (the header is row 1; the "working" status change shares the creation reply's row).
    expect(selected?.getAttribute("aria-rowindex")).toBe(String(line.events.length));
    expect(within(selected as HTMLElement).getByText("reply to tasks/result")).toBeTruthy();
  });

  it("says how many earlier events were not kept", async () => {
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ taskId }) => ({ ...receiverLine(taskId, 2), dropped: 1234 }));
    renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    expect(await screen.findByText("1234 earlier events not kept (a task keeps its newest 5,000).")).toBeTruthy();
    expect(screen.getByRole("img").querySelector(".tl-dropped")?.textContent).toBe("← 1234 earlier events not kept");
  });

  it("Copy as JSON puts the whole timeline and its summary on the clipboard", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ taskId }) => receiverLine(taskId, 14));
    renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    await user.click(await screen.findByRole("button", { name: "Copy the timeline of task r1 as JSON" }));
    expect(writeText).toHaveBeenCalledTimes(1);
    const json = JSON.parse(writeText.mock.calls[0]![0]);
    expect(json).toMatchObject({ taskId: "r1", role: "receiver", era: "legacy", earlierEventsNotKept: 0, summary: { pollsByServer: 14, resultsByServer: 1 } });
    expect(json.events).toHaveLength(receiverLine("r1", 14).events.length);
    expect(json.summary.deliveredAfterMs[0]).toBeCloseTo(0.2, 6);
    expect(screen.getByRole("status").textContent).toBe(`Copied ${json.events.length} events as JSON.`);
  });

  it("when the clipboard is refused, the JSON is shown selected for Ctrl+C", async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) } });
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ taskId }) => receiverLine(taskId, 1));
    renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    await user.click(await screen.findByRole("button", { name: "Copy the timeline of task r1 as JSON" }));
    const area = (await screen.findByRole("textbox", { name: "The timeline as JSON" })) as HTMLTextAreaElement;
    expect(JSON.parse(area.value).taskId).toBe("r1");
    await waitFor(() => expect(document.activeElement).toBe(area));
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, area.value.length]);
    expect(screen.getByRole("status").textContent).toMatch(/press Ctrl\+C/);
  });

  it("server text is text: a status message with markup is shown as written, no element is made of it", async () => {
    const bridge = createFakeBridge();
    const line = receiverLine("r1", 1);
    line.events[1] = { ...line.events[1]!, detail: '<img src=x onerror="alert(1)">' };
    bridge.handle("getTaskTimeline", () => line);
    const { container } = renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
    expect(await screen.findByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
  });

  it("Escape closes the timeline and gives focus back to the button that opened it", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("getTaskTimeline", ({ taskId }) => receiverLine(taskId, 1));
    await renderApp({ sessions: [session()], receiverTasks: [receiverTask("r1")] }, bridge);
    await user.click(tabNamed("Tasks"));
    const button = screen.getByRole("button", { name: "Timeline of task r1" });
    button.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Timeline of task r1" });
    expect(document.activeElement).toBe(dialog);
    expect(bridge.callsOf("unfollowTaskTimeline")).toEqual([]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    // Closed: the core stops streaming this task's events to the page.
    expect(bridge.callsOf("unfollowTaskTimeline")).toEqual([{ sessionId: "s1", taskId: "r1" }]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Timeline of task r1" }));
  });

  describe("readable, and says how the task ended (issues 19, 21)", () => {
    /** A modern client task we polled; the server purged it (or it expired) while it was working. */
    function clientLine(ending: "deleted" | "expired"): TaskTimeline {
      const events: TimelineEvent[] = [];
      let at = 0;
      const add = (e: Omit<TimelineEvent, "seq" | "at" | "wall">, gap = 1) => {
        at += gap;
        events.push({ seq: events.length, at, wall: 1_700_000_000_000 + at, ...e });
      };
      add({ kind: "created", from: "us", method: "tools/call" }, 0);
      add({ kind: "createReply", from: "server", method: "tools/call", replyTo: 0, status: "working" }, 4);
      add({ kind: "status", from: "server", status: "working" }, 0.2);
      add({ kind: "poll", from: "us", method: "tasks/get" }, 50);
      add({ kind: "pollReply", from: "server", method: "tasks/get", replyTo: 3, status: "working" }, 1);
      add({ kind: "poll", from: "us", method: "tasks/get" }, 50);
      if (ending === "deleted") {
        add({ kind: "pollReply", from: "server", method: "tasks/get", replyTo: 5, error: true, detail: "error -32602: Unknown task" }, 1);
        add({ kind: "ended", from: "server", ending: "deleted", detail: "its tasks/get answered: unknown task" }, 0.3);
      } else {
        add({ kind: "pollReply", from: "server", method: "tasks/get", replyTo: 5, status: "working" }, 1);
        add({ kind: "ended", from: "us", ending: "expired", detail: "its ttl elapsed before a terminal status" }, 200);
      }
      return { sessionId: "s1", taskId: "m1", role: "client", era: "modern", dropped: 0, events };
    }

    it("issue 19 M3: a purged task's summary leads with 'Deleted by the server', its last status band is named so, and its list row names the ending once", async () => {
      const bridge = createFakeBridge();
      bridge.handle("getTaskTimeline", () => clientLine("deleted"));
      renderWithStore(<TaskTimelineView sessionId="s1" taskId="m1" />, { bridge });
      const summary = await screen.findByText(/^Deleted by the server after /, { selector: "p" });
      expect(summary.textContent).toMatch(/^Deleted by the server after 107 ms while working\. We polled the server 2 times/);
      const picture = screen.getByRole("img");
      expect(picture.getAttribute("aria-label")).toMatch(/^Timeline of task m1\. Deleted by the server after /);
      expect([...picture.querySelectorAll(".tl-band")].map((b) => b.getAttribute("class"))).toEqual(["tl-band tl-band-working", "tl-band tl-band-ended"]);
      expect([...picture.querySelectorAll(".tl-band-label")].map((t) => t.textContent)).toEqual(["working", "deleted by the server"]);
      const list = screen.getByRole("table", { name: "Events of task m1" });
      const last = [...list.querySelectorAll('[role="row"]')].at(-1)! as HTMLElement;
      expect(within(last).getAllByRole("cell").map((c) => c.textContent)).toEqual([expect.stringMatching(/^\+/), "0.3 ms", "the server", "deleted by the server", "", "its tasks/get answered: unknown task"]);
    });

    it("issue 19 M3: an expired task's summary and band say expired", async () => {
      const bridge = createFakeBridge();
      bridge.handle("getTaskTimeline", () => clientLine("expired"));
      renderWithStore(<TaskTimelineView sessionId="s1" taskId="m1" />, { bridge });
      expect((await screen.findByText(/^Expired after /, { selector: "p" })).textContent).toMatch(/^Expired after 306 ms while working\./);
      expect([...screen.getByRole("img").querySelectorAll(".tl-band-label")].map((t) => t.textContent).at(-1)).toBe("expired");
    });

    it("a finished task's summary says how it ended and when; a live one how it stands", async () => {
      const bridge = createFakeBridge();
      bridge.handle("getTaskTimeline", () => receiverLine("r1", 2));
      renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
      expect((await screen.findByText(/^Completed after /, { selector: "p" })).textContent).toMatch(/^Completed after 2\.3 s\. The server polled us 2 times/);
      const live = receiverLine("r2", 1);
      live.events = live.events.slice(0, 6);
      bridge.handle("getTaskTimeline", () => live);
      renderWithStore(<TaskTimelineView sessionId="s1" taskId="r2" />, { bridge });
      expect((await screen.findByText(/^Still working at \+/, { selector: "p" })).textContent).toMatch(/^Still working at \+1 s\./);
    });

    it("issue 21: one row per event: a status change shows once, on the message that carried it (→ working); the user's answer has one label", async () => {
      const bridge = createFakeBridge();
      const line = receiverLine("r1", 1);
      // As the core now records them: no detail that repeats the What column.
      for (const e of line.events) if (e.kind === "inputAnswered" || e.kind === "inputRequested") delete e.detail;
      bridge.handle("getTaskTimeline", () => line);
      renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
      const list = await screen.findByRole("table", { name: "Events of task r1" });
      const rows = [...list.querySelectorAll('[role="rowgroup"] [role="row"]')].slice(1).map((r) => [...r.querySelectorAll('[role="cell"]')].map((c) => c.textContent));
      const whats = rows.map((cells) => cells[3]);
      // The "working" status mark is folded into our reply that carried it; "completed" had no carrier and keeps its row.
      expect(whats).toEqual(["elicitation/create (creates the task)", "input shown to the user", "task created (reply to elicitation/create)", "tasks/get", "reply to tasks/get", "tasks/result", "the user answered", "status: completed", "reply to tasks/result"]);
      const created = rows[2]!;
      expect([created[4], created[5]]).toEqual(["→ working", "Awaiting user response"]);
      // A reply that only repeats the status it carries is quiet, not a second change.
      expect(rows[4]![4]).toBe("working");
      expect(list.querySelectorAll(".tl-row-change")).toHaveLength(2);
      expect(rows.find((cells) => cells[3] === "the user answered")![5]).toBe("");
    });

    it("issue 21: a new status message with the same status is no status change: no '→' for it", async () => {
      const bridge = createFakeBridge();
      const line = receiverLine("r1", 0);
      // Later only the status message changes (still working): our status mark and the notification that carries it.
      const created = line.events.find((e) => e.kind === "createReply")!;
      line.events = line.events.filter((e) => e.at <= created.at);
      const at = created.at;
      line.events.push(
        { seq: 100, at: at + 500, wall: 0, kind: "status", from: "us", status: "working", detail: "Still waiting" },
        { seq: 101, at: at + 500.2, wall: 0, kind: "notification", from: "us", method: "notifications/tasks/status", status: "working", detail: "Still waiting" },
      );
      bridge.handle("getTaskTimeline", () => line);
      renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
      const list = await screen.findByRole("table", { name: "Events of task r1" });
      const last = [...list.querySelectorAll('[role="rowgroup"] [role="row"]')].at(-1)!;
      expect([...last.querySelectorAll('[role="cell"]')].map((c) => c.textContent).slice(3)).toEqual(["notifications/tasks/status", "working", "Still waiting"]);
      expect(list.querySelectorAll(".tl-row-change")).toHaveLength(1); // the creation's → working only
      expect(screen.getByText(/; 1 status change\./, { selector: "p" })).toBeTruthy();
    });

    it("issue 21: a long request → reply link is drawn only for the event pointed at or picked; short ones always; the answer's bracket is flat", async () => {
      const bridge = createFakeBridge();
      const line = receiverLine("r1", 2); // tasks/result waits ~300 ms for the answer: a long link
      bridge.handle("getTaskTimeline", () => line);
      renderWithStore(<TaskTimelineView sessionId="s1" taskId="r1" />, { bridge });
      const picture = await screen.findByRole("img");
      const segments = () => (picture.querySelector(".tl-link:not(.tl-link-focus)")?.getAttribute("d") ?? "").split("M").filter(Boolean);
      const widthOf = (segment: string) => {
        const [x1, , x2] = segment.replace("L", " ").split(" ").map(Number);
        return Math.abs(x2! - x1!);
      };
      expect(segments().length).toBeGreaterThan(0);
      expect(Math.max(...segments().map(widthOf))).toBeLessThanOrEqual(24);
      expect(picture.querySelector(".tl-link-focus")).toBeNull();
      // Picking the tasks/result reply draws its link, however long.
      picture.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1000, height: 212, right: 1000, bottom: 212, x: 0, y: 0, toJSON: () => ({}) });
      fireEvent.click(picture, { clientX: 995 });
      fireEvent.mouseLeave(picture);
      const focus = picture.querySelector(".tl-link-focus")?.getAttribute("d") ?? "";
      expect(widthOf(focus.slice(1))).toBeGreaterThan(50);
      // The answer's bracket runs level (no diagonal across the lanes).
      const bracket = picture.querySelector(".tl-delivery path")!.getAttribute("d")!;
      expect(bracket).toMatch(/^M[\d.]+ [\d.]+v4H[\d.]+v-4$/);
    });
  });
});
