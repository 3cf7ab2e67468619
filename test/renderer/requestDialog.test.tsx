// @vitest-environment happy-dom
// The request dialog: a request that waits on the user opens over the current tab (sampling, elicitation
// form and URL; legacy requests, receiver tasks, modern MRTR rounds and modern tasks alike), oldest first
// with "1 of N"; Enter sends through the card's own checks; Escape leaves the request pending (never
// declines); the setting "panel" keeps it closed.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../shared/types.js";
import { elicitation, sampling, session, T0, toolRun } from "./fixtures.js";
import { renderApp, TABS_ONLY_SETTINGS } from "./renderApp.js";

const form = { message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string", title: "Name" } }, required: ["name"] } };
const at = (ms: number) => new Date(T0 + ms).toISOString();

async function dialog() {
  return screen.findByRole("dialog", undefined, { timeout: 3000 });
}

describe("request dialog", () => {
  it("opens over the Tools tab for an elicitation, with the trust warning; Enter sends the typed answer", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], settings: DEFAULT_SETTINGS });
    bridge.handle("answerElicitation", () => ({ ok: true }));
    bridge.emit({ type: "pendingInputAdded", payload: elicitation("e1", form) });
    const d = await dialog();
    expect(within(d).getByRole("heading", { name: "Waiting on you: elicitation" })).toBeTruthy();
    expect(within(d).getByText("Only share what you trust this server with.")).toBeTruthy();
    expect(within(d).getByLabelText("Request 1 of 1 waiting")).toBeTruthy();
    const name = within(d).getByRole("textbox", { name: /Name/ });
    // The first field has focus when the dialog opens.
    expect(document.activeElement).toBe(name);
    // The request's params copy as the server sent them.
    const copied: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (t: string) => void copied.push(t) }, configurable: true });
    await user.click(within(d).getByRole("button", { name: /^Copy the params of Elicitation request from Everything \(demo\) at .* as JSON$/ }));
    expect(JSON.parse(copied[0]!)).toEqual(form);
    // Back in the field: typing and Enter answer.
    name.focus();
    await user.keyboard("Ada{Enter}");
    expect(bridge.callsOf("answerElicitation")).toEqual([{ pendingInputId: "e1", action: "accept", content: { name: "Ada" } }]);
    bridge.emit({ type: "pendingInputAnswered", payload: { pendingInputId: "e1", sessionId: "s1" } });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Enter with a required field empty sends nothing and shows the field's error (the card's own checks)", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], settings: DEFAULT_SETTINGS, pendingInputs: [elicitation("e1", form)] });
    await dialog();
    await user.keyboard("{Enter}");
    expect(bridge.callsOf("answerElicitation")).toEqual([]);
    expect(screen.getByRole("dialog").textContent).toMatch(/required/i);
  });

  it("Escape leaves the request pending (no answer at all); a newer request still opens the dialog, and Previous reaches the one set aside", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], settings: DEFAULT_SETTINGS, pendingInputs: [elicitation("e1", form)] });
    await dialog();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(bridge.callsOf("answerElicitation")).toEqual([]);
    expect(bridge.callsOf("rejectSampling")).toEqual([]);
    // A second request still opens the dialog; the first stays set aside.
    bridge.emit({ type: "pendingInputAdded", payload: sampling("s2", {}, { receivedAt: at(1000) }) });
    const d = await dialog();
    expect(within(d).getByRole("heading", { name: "Waiting on you: sampling" })).toBeTruthy();
    expect(within(d).getByLabelText("Request 2 of 2 waiting")).toBeTruthy();
    await user.click(within(d).getByRole("button", { name: "Previous" }));
    expect(within(screen.getByRole("dialog")).getByRole("heading", { name: "Waiting on you: elicitation" })).toBeTruthy();
  });

  it("several waiting: the oldest first, '1 of N'; answering it shows the next", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      settings: DEFAULT_SETTINGS,
      // Listed newest first: the dialog still starts at the oldest.
      pendingInputs: [sampling("s-new", {}, { receivedAt: at(2000) }), elicitation("e-old", { mode: "url", url: "https://example.com/x", message: "Sign in", elicitationId: "x" }, { receivedAt: at(0) })],
    });
    bridge.handle("answerElicitation", () => ({ ok: true }));
    bridge.handle("approveSampling", () => ({ ok: true }));
    let d = await dialog();
    expect(within(d).getByRole("heading", { name: "Waiting on you: elicitation (URL)" })).toBeTruthy();
    expect(within(d).getByLabelText("Request 1 of 2 waiting")).toBeTruthy();
    // URL mode has no field: the focus is on Accept, and Enter sends it.
    await user.keyboard("{Enter}");
    expect(bridge.callsOf("answerElicitation")).toEqual([{ pendingInputId: "e-old", action: "accept" }]);
    bridge.emit({ type: "pendingInputAnswered", payload: { pendingInputId: "e-old", sessionId: "s1" } });
    d = await dialog();
    expect(within(d).getByRole("heading", { name: "Waiting on you: sampling" })).toBeTruthy();
    expect(within(d).getByLabelText("Request 1 of 1 waiting")).toBeTruthy();
    // A sampling request opens on Approve (the stub response is ready). In the response text, Enter is a
    // new line; Ctrl+Enter sends.
    expect(document.activeElement).toBe(within(d).getByRole("button", { name: "Approve" }));
    await user.click(within(d).getByRole("textbox", { name: "Response text" }));
    await user.keyboard("{Enter}");
    expect(bridge.callsOf("approveSampling")).toEqual([]);
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(bridge.callsOf("approveSampling")).toHaveLength(1);
    expect(bridge.callsOf("approveSampling")[0]!.pendingInputId).toBe("s-new");
  });

  it("R2, Q3, I1, M5: opens for every origin: a legacy server request, a receiver task, a server task's input (tasks/result), an MRTR round, a modern task's input request", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], settings: DEFAULT_SETTINGS });
    const origins = [
      sampling("legacy-request", {}, { receivedAt: at(0) }),
      elicitation("legacy-task", form, { receiverTaskId: "rt1", receivedAt: at(0) }),
      elicitation("legacy-related", form, { relatedTaskId: "st1", receivedAt: at(0) }),
      sampling("mrtr", {}, { modern: { via: "mrtr", key: "ask-1", round: 1 }, receivedAt: at(1) }),
      elicitation("modern-task", form, { modern: { via: "task", key: "k" }, relatedTaskId: "mt1", receivedAt: at(2) }),
    ];
    for (const input of origins) {
      bridge.emit({ type: "pendingInputAdded", payload: input });
      const d = await dialog();
      expect(within(d).getByRole("heading", { name: `Waiting on you: ${input.kind}` })).toBeTruthy();
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).toBeNull();
    }
    expect(bridge.calls.filter((c) => c.method === "answerElicitation" || c.method === "approveSampling" || c.method === "rejectSampling")).toEqual([]);
  });

  it("the setting 'panel' keeps the dialog closed; switching it back opens it", async () => {
    const { bridge } = await renderApp({ sessions: [session()], settings: TABS_ONLY_SETTINGS, pendingInputs: [elicitation("e1", form)] });
    expect(screen.queryByRole("dialog")).toBeNull();
    bridge.emit({ type: "settingsChanged", payload: DEFAULT_SETTINGS });
    expect(await dialog()).toBeTruthy();
  });

  it("server text in the dialog is text: markup in a message makes no element", async () => {
    await renderApp({ sessions: [session()], settings: DEFAULT_SETTINGS, pendingInputs: [elicitation("e1", { ...form, message: '<img src=x onerror="alert(1)"><b>bold</b>' })] });
    const d = await dialog();
    expect(within(d).getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeTruthy();
    expect(d.querySelector("img, b")).toBeNull();
  });
});

describe("waiting on you", () => {
  it("a running run waiting on a sampling request says so (not 'no progress yet'); Answer opens that request in the dialog", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      settings: DEFAULT_SETTINGS,
      toolRuns: [toolRun(1, { toolName: "trigger-sampling-request" }), toolRun(2, { toolName: "other", status: "done", endedAt: T0 + 5 })],
    });
    bridge.emit({ type: "pendingInputAdded", payload: sampling("s1") });
    await user.keyboard("{Escape}");
    const run = screen.getByRole("article", { name: "Run 1: trigger-sampling-request" });
    expect(within(run).getByText("Waiting on you: sampling")).toBeTruthy();
    expect(run.textContent).not.toContain("no progress yet");
    // A finished run waits on nothing.
    expect(within(screen.getByRole("article", { name: "Run 2: other" })).queryByText(/Waiting on you/)).toBeNull();
    await user.click(within(run).getByRole("button", { name: "Answer the sampling request Run 1 waits on" }));
    expect(within(await dialog()).getByRole("heading", { name: "Waiting on you: sampling" })).toBeTruthy();
  });

  it("a request that names no task is the call's that was running when it came: one running then, that one; several, each of them", async () => {
    await renderApp({
      sessions: [session()],
      settings: { ...DEFAULT_SETTINGS, waitingRequestsIn: "panel" },
      toolRuns: [toolRun(1, { toolName: "asks-sampling", startedAt: T0 }), toolRun(2, { toolName: "asks-elicitation", startedAt: T0 + 1000 })],
      // The sampling request came while only run 1 ran; the elicitation after run 2 had started too.
      pendingInputs: [sampling("s1", {}, { receivedAt: at(500) }), elicitation("e1", form, { receivedAt: at(1500) })],
    });
    const first = screen.getByRole("article", { name: "Run 1: asks-sampling" });
    const second = screen.getByRole("article", { name: "Run 2: asks-elicitation" });
    expect(within(first).getByText("Waiting on you: sampling, elicitation (2 requests)")).toBeTruthy();
    expect(within(second).getByText("Waiting on you: elicitation")).toBeTruthy();
    expect(within(second).getByRole("button", { name: "Answer the elicitation request Run 2 waits on" })).toBeTruthy();
  });

  it("Q3, M5: a task run waits on the inputs of its own task only", async () => {
    await renderApp({
      sessions: [session()],
      settings: TABS_ONLY_SETTINGS,
      toolRuns: [toolRun(1, { toolName: "simulate-research-query", asTask: true, taskId: "t1", status: "done", endedAt: T0 + 3 }), toolRun(2, { toolName: "b", asTask: true, taskId: "t2", status: "done", endedAt: T0 + 3 })],
      pendingInputs: [elicitation("e1", form, { relatedTaskId: "t1" })],
    });
    expect(within(screen.getByRole("article", { name: "Run 1: simulate-research-query as task" })).getByText("Waiting on you: elicitation")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Run 2: b as task" })).queryByText(/Waiting on you/)).toBeNull();
  });
});

describe("request history", () => {
  it("the Elicitations tab lists answered and withdrawn requests newest first with what was sent and how long it took; drops are said", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      requestHistory: { entries: [{ input: elicitation("old", { message: "First?" }), outcome: "declined", sent: { action: "decline" }, settledAt: T0 + 900, tookMs: 900 }], dropped: { entries: 0, bytes: 0 } },
    });
    await user.click(screen.getByRole("tab", { name: "Elicitations" }));
    bridge.emit({
      type: "requestHistoryAdded",
      payload: { entry: { input: elicitation("new", { message: "Your <b>name</b>?" }), outcome: "accepted", sent: { action: "accept", content: { name: "Ada" } }, settledAt: T0 + 2500, tookMs: 2500 }, droppedIds: [], dropped: { entries: 0, bytes: 0 } },
    });
    const history = screen.getByRole("region", { name: "Elicitation history" });
    expect(within(history).getByRole("heading", { name: "History (2)" })).toBeTruthy();
    const items = within(history).getAllByRole("listitem");
    expect(items.map((i) => i.querySelector("summary")!.textContent)).toEqual([
      expect.stringMatching(/^Accepted · Everything \(demo\) · asked .* · you took 2\.5 s · “Your <b>name<\/b>\?”$/),
      expect.stringMatching(/^Declined · .* · you took 900 ms · “First\?”$/),
    ]);
    await user.click(items[0]!.querySelector("summary")!);
    expect(within(items[0]!).getByLabelText(/^What was sent back/).textContent).toBe(JSON.stringify({ action: "accept", content: { name: "Ada" } }, null, 2));
    expect(within(items[0]!).getByRole("button", { name: /^Copy what was sent back/ })).toBeTruthy();
    // The core dropped the oldest to stay in budget: it leaves here too, and the tab says so.
    bridge.emit({
      type: "requestHistoryAdded",
      payload: { entry: { input: elicitation("w", { message: "Gone?" }), outcome: "withdrawn", withdrawn: { reason: "disconnected", message: "The session ended" }, settledAt: T0 + 10, tookMs: 10 }, droppedIds: ["old"], dropped: { entries: 1, bytes: 2048 } },
    });
    expect(within(history).getByRole("heading", { name: "History (2)" })).toBeTruthy();
    expect(within(history).getByText(/^1 older request \(2\.0 KB, sampling and elicitation together\) left the history/)).toBeTruthy();
    expect(within(history).getAllByRole("listitem")[0]!.querySelector("summary")!.textContent).toMatch(/^Withdrawn · .* waited 10 ms/);
    // Sampling history is its own.
    await user.click(screen.getByRole("tab", { name: "Sampling" }));
    expect(within(screen.getByRole("region", { name: "Sampling history" })).getByText("No sampling request has been answered or withdrawn yet.")).toBeTruthy();
  });
});

describe("a clicked notification", () => {
  it("opens the request it names in the dialog, even one set aside with Escape", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      settings: DEFAULT_SETTINGS,
      pendingInputs: [elicitation("e1", form, { receivedAt: at(0) }), sampling("s2", {}, { receivedAt: at(1) })],
    });
    await dialog();
    await user.keyboard("{Escape}");
    // The next one (s2) shows; set it aside too.
    expect(within(await dialog()).getByRole("heading", { name: "Waiting on you: sampling" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    bridge.emit({ type: "navigate", payload: { tab: "elicitations", itemId: "e1" } });
    expect(within(await dialog()).getByRole("heading", { name: "Waiting on you: elicitation" })).toBeTruthy();
  });
});
