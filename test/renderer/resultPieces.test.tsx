// @vitest-environment happy-dom
// Issue 33: a big tool result reaches the page cut, and the page reads the rest from the core a piece at a
// time. The core's own ToolRuns sits behind the fake bridge: its events are what the page is sent, and
// readResultPiece is answered by it.
import "./setup.js";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { EventBus } from "../../main/core/eventBus.js";
import { ToolRuns } from "../../main/core/toolRuns.js";
import { useWholeResult } from "../../renderer/src/components/RemoteText.js";
import type { InspectorEvent } from "../../shared/contract.js";
import { RESULT_PAGE_BYTES, type ToolRun } from "../../shared/types.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const line = (i: number) => `line ${String(i).padStart(6, "0")}: ${"lorem ipsum ".repeat(7)}\n`;

/** A bridge whose runs are the core's ToolRuns: each run answers `result`. */
function coreBehind(result: CallToolResult) {
  const bridge = createFakeBridge();
  const bus = new EventBus();
  const runs = new ToolRuns(bus, { now: () => Date.now() });
  const sent: InspectorEvent[] = [];
  bus.subscribe((event) => {
    sent.push(event);
    queueMicrotask(() => bridge.emit(event));
  });
  bridge.handle("startToolRun", (params) => {
    const start = { sessionId: params.sessionId, toolName: params.name, arguments: params.arguments ?? {}, asTask: false };
    return { runId: runs.track(start, async () => result, (value) => ({ result: value })).runId };
  });
  bridge.handle("readResultPiece", ({ runId, offset, maxBytes, ...part }) => runs.readPiece(runId!, part, offset, maxBytes));
  return { bridge, sent, runs };
}

describe("a big result sent in pieces", () => {
  it("its card says the result came, and what size, before its pieces are drawn (a transition of their own)", async () => {
    const user = userEvent.setup();
    const text = Array.from({ length: 10_000 }, (_, i) => line(i)).join("");
    const { bridge } = coreBehind({ content: [{ type: "text", text }] });
    bridge.handle("listTools", () => ({ tools: [tool("big")] }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "big" }));
    // Every text the page added on the way, in order (a node's whole text as it was added).
    const shown: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) shown.push(node.textContent ?? "");
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await user.click(screen.getByRole("button", { name: "Run" }));
    await screen.findByText(/^Showing the first 100 KB of /);
    for (const r of observer.takeRecords()) for (const node of r.addedNodes) shown.push(node.textContent ?? "");
    observer.disconnect();
    const drawing = shown.findIndex((t) => /Drawing the result \([\d.]+ (KB|MB)\)…/.test(t));
    expect(drawing).toBeGreaterThanOrEqual(0);
    expect(shown.findIndex((t) => t.includes("Showing the first 100 KB"))).toBeGreaterThan(drawing);
  });

  it("the page is sent a bounded run; Show the next 100 KB reads one piece; Copy reads the whole, exact; structured content and Raw JSON are read once shown", async () => {
    const user = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
    const text = Array.from({ length: 30_000 }, (_, i) => line(i)).join("") + "é😀END";
    const field = `${"x".repeat(512 * 1024)}TAIL`;
    const result: CallToolResult = { content: [{ type: "text", text }, { type: "text", text: "a short block" }], structuredContent: { field, rows: [1, 2, 3] } };
    const { bridge, sent } = coreBehind(result);
    const big = tool("big", { outputSchema: { type: "object" } });
    bridge.handle("listTools", () => ({ tools: [big] }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "big" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    const note = await screen.findByText(/Showing the first 100 KB of 2\.\d MB/);

    // What the page was sent: the run, bounded, saying what it lacks.
    const done = sent.map((e) => e.payload as ToolRun).find((r) => r.status === "done")!;
    expect(JSON.stringify(done).length).toBeLessThanOrEqual(RESULT_PAGE_BYTES);
    expect(done.pieces).toEqual({ bytes: expect.any(Number), texts: [{ index: 0, chars: text.length, bytes: new TextEncoder().encode(text).length }], structuredContent: { bytes: JSON.stringify(result.structuredContent).length } });
    expect(done.result!.structuredContent).toBeUndefined();
    expect((done.result!.content[1] as { text: string }).text).toBe("a short block");

    // The text: its first piece, then one more per click, read from the core.
    const pre = document.querySelector(".content-text pre")!;
    expect(text.startsWith(pre.textContent!)).toBe(true);
    expect(pre.textContent!.endsWith("\n")).toBe(true);
    expect(bridge.callsOf("readResultPiece").filter((c) => c.part === "content")).toHaveLength(0);
    await user.click(within(note).getByRole("button", { name: "Show the next 100 KB" }));
    await waitFor(() => expect(pre.querySelectorAll(".piece")).toHaveLength(2));
    expect(text.startsWith(pre.textContent!)).toBe(true);
    expect(bridge.callsOf("readResultPiece").filter((c) => c.part === "content")).toEqual([{ runId: 1, part: "content", index: 0, offset: pre.querySelector(".piece")!.textContent!.length, maxBytes: 100 * 1024 }]);
    await user.click(screen.getByRole("button", { name: "Copy block 1 of the result of Run 1" }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(copied[0]).toBe(text);

    // The structured content was held back: its first piece is read once drawn; not checked in the page.
    const structured = document.querySelector(".tool-result > div > .payload.json pre")!;
    await waitFor(() => expect(structured.textContent).toContain('"field": "xxxx'));
    expect(structured.textContent!.length).toBeLessThanOrEqual(100 * 1024);
    expect(screen.getByText(/structuredContent not checked against the tool's outputSchema here: at 512\.\d KB/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Copy the structured content of Run 1" }));
    await waitFor(() => expect(copied).toHaveLength(2));
    expect(copied[1]).toBe(JSON.stringify(result.structuredContent, null, 2));

    // Raw JSON: the whole result as the core holds it, read when opened.
    await user.click(screen.getByText("Raw JSON"));
    const raw = await screen.findByLabelText("Raw JSON of the result");
    await waitFor(() => expect(raw.textContent).toContain('"content": ['));
    expect(JSON.stringify(result, null, 2).startsWith(raw.textContent!)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Copy the whole result of Run 1 as JSON" }));
    await waitFor(() => expect(copied).toHaveLength(3));
    expect(copied[2]).toBe(JSON.stringify(result, null, 2));
  });

  it("a result under the page's bound is sent whole, with no pieces", async () => {
    const { bridge, sent } = coreBehind({ content: [{ type: "text", text: "small" }] });
    bridge.handle("listTools", () => ({ tools: [tool("small")] }));
    const user = userEvent.setup();
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "small" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    await screen.findByText("small", { selector: "pre" });
    const done = sent.map((e) => e.payload as ToolRun).find((r) => r.status === "done")!;
    expect(done.pieces).toBeUndefined();
    expect(done.result).toEqual({ content: [{ type: "text", text: "small" }] });
  });

  it("an App's View gets the whole result: read in pieces when the page was sent it cut", async () => {
    const text = Array.from({ length: 10_000 }, (_, i) => line(i)).join("");
    const result: CallToolResult = { content: [{ type: "text", text }], structuredContent: { field: "y".repeat(400 * 1024) } };
    const { bridge, runs } = coreBehind(result);
    const { runId, done } = runs.track({ sessionId: "s-1", toolName: "app", arguments: {}, asTask: false }, async () => result, (value) => ({ result: value }));
    await done;
    await Promise.resolve();
    const cut = runs.list().find((r) => r.runId === runId)!;
    expect(cut.pieces).toBeDefined();
    const seen: unknown[] = [];
    function View({ wanted }: { wanted: boolean }) {
      seen.push(useWholeResult(bridge, cut, wanted));
      return null;
    }
    const { rerender } = render(<View wanted={false} />);
    expect(bridge.callsOf("readResultPiece")).toHaveLength(0);
    rerender(<View wanted />);
    await waitFor(() => expect(seen.at(-1)).toEqual(result));
    expect(bridge.callsOf("readResultPiece").every((c) => c.part === "result")).toBe(true);
  });
});
