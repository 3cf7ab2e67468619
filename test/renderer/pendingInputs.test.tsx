// @vitest-environment happy-dom
// Pending inputs: tab badges with pending counts, withdrawn inputs leaving a visible note with the
// reason, sampling Approve/Reject with an editable stub, task-augmented context, URL-mode links
// opened only after confirmation, and errors shown without losing the user's edits.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { elicitation, receiverTask, sampling, session, T0 } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

afterEach(() => {
  vi.restoreAllMocks();
});

function badgeOf(tabName: string): string {
  const tab = tabNamed(tabName);
  const id = tab.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? "") : "";
}

describe("pending inputs", () => {
  it("each tab that waits on the user shows its pending count, kept current by events", async () => {
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [sampling("s-a"), sampling("s-b"), elicitation("e-a", { message: "?" })],
    });
    expect(badgeOf("Sampling")).toBe("2 pending");
    expect(badgeOf("Elicitations")).toBe("1 pending");
    expect(badgeOf("Tools")).toBe("");
    bridge.emit(
      { type: "pendingInputAnswered", payload: { pendingInputId: "s-a", sessionId: "s1" } },
      { type: "pendingInputAdded", payload: elicitation("e-b", { message: "again" }) },
    );
    expect(badgeOf("Sampling")).toBe("1 pending");
    expect(badgeOf("Elicitations")).toBe("2 pending");
    bridge.emit({ type: "pendingInputWithdrawn", payload: { pendingInputId: "s-b", sessionId: "s1", reason: "requestCancelled", message: "gone" } });
    expect(badgeOf("Sampling")).toBe("");
    // The tab's accessible name stays exactly its label.
    expect(screen.getByRole("tab", { name: "Elicitations" })).toBeTruthy();
  });

  it("a withdrawn input leaves the list with a visible note saying why, until dismissed", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [elicitation("e1", { message: "Pick a colour", requestedSchema: { type: "object", properties: {} } }, { receiverTaskId: "t1" })],
    });
    await user.click(tabNamed("Elicitations"));
    expect(screen.getByRole("button", { name: "Accept" })).toBeTruthy();
    bridge.emit({
      type: "pendingInputWithdrawn",
      payload: { pendingInputId: "e1", sessionId: "s1", reason: "taskCancelled", message: "Task t1 was cancelled: Cancelled by the server" },
    });
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    const note = screen.getByRole("article", { name: /withdrawn/ });
    expect(within(note).getByText("Withdrawn: Task t1 was cancelled: Cancelled by the server")).toBeTruthy();
    expect(within(note).getByText("It asked: Pick a colour")).toBeTruthy();
    await user.click(within(note).getByRole("button", { name: /^Dismiss note/ }));
    expect(screen.queryByRole("article", { name: /withdrawn/ })).toBeNull();
  });

  it("pending inputs first: with 60 withdrawn notes the live request is listed above them; the notes are dismissed all at once, the other tab's kept", async () => {
    const user = userEvent.setup();
    const asked = (id: string) => elicitation(id, { message: `Question ${id}`, requestedSchema: { type: "object", properties: {} } });
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [...Array.from({ length: 60 }, (_, i) => asked(`old-${i}`)), sampling("s-old")],
    });
    bridge.emit(
      ...Array.from({ length: 60 }, (_, i) => ({ type: "pendingInputWithdrawn" as const, payload: { pendingInputId: `old-${i}`, sessionId: "s1", reason: "requestCancelled" as const, message: "The server cancelled it" } })),
      { type: "pendingInputWithdrawn", payload: { pendingInputId: "s-old", sessionId: "s1", reason: "requestCancelled", message: "gone" } },
      { type: "pendingInputAdded", payload: asked("live") },
    );
    await user.click(tabNamed("Elicitations"));
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(61);
    expect(cards[0]!.getAttribute("aria-label") ?? "").not.toMatch(/withdrawn/);
    expect(within(cards[0]!).getByRole("button", { name: "Accept" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Dismiss all 60 notes" }));
    expect(screen.getAllByRole("article")).toHaveLength(1);
    await user.click(tabNamed("Sampling"));
    expect(screen.getByRole("article", { name: /withdrawn/ })).toBeTruthy();
  });

  it("sampling: shows the request, prefills a stub response; Approve sends the edited response, Reject rejects", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [
        sampling("s1", { systemPrompt: "You are a helpful test server.", modelPreferences: { hints: [{ name: "claude" }] }, maxTokens: 77 }),
        sampling("s2"),
      ],
    });
    bridge.handle("approveSampling", () => ({ ok: true }));
    bridge.handle("rejectSampling", () => ({ ok: true }));
    await user.click(tabNamed("Sampling"));
    const [first, second] = screen.getAllByRole("article");
    if (!first || !second) throw new Error("expected two sampling cards");
    expect(within(first).getByText("Say hello")).toBeTruthy();
    expect(within(first).getByText("You are a helpful test server.")).toBeTruthy();
    expect(within(first).getByText("77")).toBeTruthy();
    expect(within(first).getByText(/"claude"/)).toBeTruthy();
    const text = within(first).getByLabelText("Response text") as HTMLTextAreaElement;
    expect(text.value).toBe('Stub response from MCP Task Inspector to: "Say hello"');
    expect(within(first).getByLabelText("Model")).toHaveProperty("value", "mcp-task-inspector-stub");
    expect(within(first).getByLabelText("Stop reason")).toHaveProperty("value", "endTurn");
    await user.clear(text);
    await user.type(text, "Hello!");
    await user.click(within(first).getByRole("button", { name: "Approve" }));
    expect(bridge.callsOf("approveSampling")).toEqual([
      { pendingInputId: "s1", result: { role: "assistant", content: { type: "text", text: "Hello!" }, model: "mcp-task-inspector-stub", stopReason: "endTurn" } },
    ]);
    await user.type(within(second).getByLabelText("Rejection reason (optional)"), "not today");
    await user.click(within(second).getByRole("button", { name: "Reject" }));
    expect(bridge.callsOf("rejectSampling")).toEqual([{ pendingInputId: "s2", reason: "not today" }]);
  });

  it("a failed answer is shown and the edited response is kept", async () => {
    const user = userEvent.setup();
    const { bridge } = await renderApp({ sessions: [session()], pendingInputs: [sampling("s1")] });
    bridge.handle("approveSampling", () => Promise.reject(new Error("This request is no longer pending: it expired")));
    await user.click(tabNamed("Sampling"));
    const text = screen.getByLabelText("Response text");
    await user.clear(text);
    await user.type(text, "My careful answer");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect((await screen.findByRole("alert")).textContent).toContain("no longer pending: it expired");
    expect(screen.getByLabelText("Response text")).toHaveProperty("value", "My careful answer");
  });

  it("a task-augmented request shows its receiver task id, live status and deadline", async () => {
    const user = userEvent.setup();
    const deadline = new Date(T0 + 300_000).toISOString();
    const { bridge } = await renderApp({
      sessions: [session()],
      pendingInputs: [sampling("s1", {}, { receiverTaskId: "rt-1", deadline })],
      receiverTasks: [receiverTask("rt-1", { method: "sampling/createMessage", pendingInputId: "s1", ttl: 300_000 })],
    });
    await user.click(tabNamed("Sampling"));
    const card = screen.getByRole("article");
    expect(within(card).getByText("rt-1")).toBeTruthy();
    expect(within(card).getByText("working")).toBeTruthy();
    expect(within(card).getByText(/left\)$/)).toBeTruthy();
    bridge.emit({ type: "receiverTaskChanged", payload: receiverTask("rt-1", { method: "sampling/createMessage", status: "input_required", pendingInputId: "s1" }) });
    expect(within(card).getByText("input_required")).toBeTruthy();
  });

  it("URL mode: the URL is text, opened only after the user confirms; browser mode falls back to window.open", async () => {
    const user = userEvent.setup();
    const url = "https://example.com/authorize?state=<b>x</b>";
    const { bridge } = await renderApp({ sessions: [session()], pendingInputs: [elicitation("e1", { mode: "url", message: "Sign in", url, elicitationId: "el-1" })] });
    bridge.handle("openExternal", () => Promise.reject(new Error("Opening links is not available here")));
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    await user.click(tabNamed("Elicitations"));
    expect(screen.getByText(url)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Open URL…" }));
    expect(bridge.callsOf("openExternal")).toHaveLength(0);
    const dialog = screen.getByRole("alertdialog", { name: "Open this link?" });
    await user.click(within(dialog).getByRole("button", { name: "Don't open" }));
    expect(bridge.callsOf("openExternal")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Open URL…" }));
    await user.click(screen.getByRole("button", { name: "Open link" }));
    expect(bridge.callsOf("openExternal")).toEqual([{ url }]);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(url, "_blank", "noopener,noreferrer"));
  });

  it("URL mode: a non-http(s) URL is never offered for opening", async () => {
    const user = userEvent.setup();
    await renderApp({ sessions: [session()], pendingInputs: [elicitation("e1", { mode: "url", message: "Go", url: "javascript:alert(1)" })] });
    await user.click(tabNamed("Elicitations"));
    expect(screen.getByText("javascript:alert(1)")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Open URL…" })).toBeNull();
    expect(screen.getByText(/not an http\(s\) link/)).toBeTruthy();
  });
});
