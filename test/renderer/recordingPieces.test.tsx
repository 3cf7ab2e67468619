// @vitest-environment happy-dom
// Issue 33: a big recording in the Logs tab before all of it has come: the first page is drawn with the
// whole count in the banner, the rest is fetched in pieces and appended (Save these calls then counts
// every call, up to its cap), the views follow; closed while it comes, nothing more is fetched or shown.
import "./setup.js";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../shared/types.js";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";
import { renderWithStore } from "./renderWithStore.js";

const TOTAL = 12_000;
const T = "2026-11-25T00:00:00.000Z";
// Calls and their answers: every other entry is a tools/call.
const entry = (i: number): LogEntry =>
  i % 2 === 0
    ? { seq: i + 1, sessionId: "recording", direction: "out", time: T, method: "tools/call", id: i, payload: { jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "echo", arguments: { message: `m ${i}` } } } }
    : { seq: i + 1, sessionId: "recording", direction: "in", time: T, method: "tools/call", id: i - 1, payload: { jsonrpc: "2.0", id: i - 1, result: { content: [] } } };
const range = (from: number, count: number) => Array.from({ length: Math.max(0, Math.min(count, TOTAL - from)) }, (_, k) => entry(from + k));
const VIEWS = { toolRuns: [], timelines: [], inputs: [], dropped: { toolRuns: 0, inputs: 0 } };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

async function openBig() {
  const user = userEvent.setup();
  const rendered = renderWithStore(<LogsTab />);
  const { bridge } = rendered;
  bridge.handle("openRecording", () => ({ header: { mcprec: 1, serverInfo: { name: "big" } }, entries: range(0, 500), stderr: [], warnings: [], handle: "recording-1", total: TOTAL }));
  // Each piece waits until the test lets it through.
  const pieces: { from: number; answer: ReturnType<typeof deferred<{ entries: LogEntry[] }>> }[] = [];
  bridge.handle("recordingEntries", ({ from }) => {
    const answer = deferred<{ entries: LogEntry[] }>();
    pieces.push({ from, answer });
    return answer.promise;
  });
  bridge.handle("recordingViews", () => VIEWS);
  bridge.handle("closeRecording", () => ({ ok: true as const }));
  await user.upload(screen.getByLabelText("Recording file"), new File(['{"mcprec":1}\n'], "big.mcprec"));
  const banner = await screen.findByRole("region", { name: "Opened recording" });
  return { ...rendered, user, banner, pieces };
}

/** The fake bridge's calls come in microtasks: waits until `ready` holds. */
const until = (ready: () => boolean) => waitFor(() => expect(ready()).toBe(true));

describe("a big recording in pieces (issue 33)", () => {
  it("draws the first page at once with the whole count, then appends each piece; Save these calls counts them all", async () => {
    const { bridge, banner, pieces } = await openBig();
    expect(banner.textContent).toContain("12,000 messages");
    expect(banner.textContent).toContain("Reading the messages: 500 of 12,000 here, the rest coming…");
    expect(screen.getByText("500 of 500 messages")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save these calls (250)" })).toBeTruthy();
    expect(screen.getAllByRole("row").length).toBeGreaterThan(2);

    for (const expected of [500, 5_500, 10_500]) {
      await until(() => pieces.length > 0 && pieces.at(-1)!.from === expected);
      const { from, answer } = pieces.at(-1)!;
      await act(async () => answer.resolve({ entries: range(from, 5_000) }));
    }
    expect(bridge.callsOf("recordingEntries")).toEqual([
      { handle: "recording-1", from: 500, count: 5_000 },
      { handle: "recording-1", from: 5_500, count: 5_000 },
      { handle: "recording-1", from: 10_500, count: 1_500 },
    ]);
    expect(await screen.findByText("12000 of 12000 messages")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save these calls (1000)" })).toBeTruthy();
    expect(banner.textContent).not.toContain("Reading the messages");
    await until(() => bridge.callsOf("recordingViews").length === 1);
    expect(bridge.callsOf("recordingViews")).toEqual([{ handle: "recording-1" }]);
  });

  it("closed while the rest comes: the core forgets it, a late piece is dropped and nothing more is asked", async () => {
    const { bridge, user, pieces } = await openBig();
    await until(() => pieces.length === 1);
    await user.click(screen.getByRole("button", { name: "Close recording" }));
    expect(bridge.callsOf("closeRecording")).toEqual([{ handle: "recording-1" }]);
    await act(async () => pieces[0]!.answer.resolve({ entries: range(500, 5_000) }));
    expect(screen.getByText("Connect a server to see its log, or open a recording.")).toBeTruthy();
    expect(bridge.callsOf("recordingEntries")).toHaveLength(1);
    expect(bridge.callsOf("recordingViews")).toHaveLength(0);
  });

  it("a piece that fails is said in the banner; what came stays shown", async () => {
    const { banner, pieces } = await openBig();
    await until(() => pieces.length === 1);
    await act(async () => pieces[0]!.answer.reject(new Error("The recording recording-1 is no longer open: open it again")));
    expect(banner.textContent).toContain("The rest of the recording could not be read: The recording recording-1 is no longer open: open it again");
    expect(banner.textContent).not.toContain("Reading the messages");
    expect(screen.getByText("500 of 500 messages")).toBeTruthy();
  });

  it("before the core has read all of it, the count is of what came so far; the piece that ends it brings the whole count, stderr and warnings", async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithStore(<LogsTab />);
    bridge.handle("openRecording", () => ({ header: { mcprec: 1 }, entries: range(0, 500), stderr: [], warnings: [], handle: "recording-2" }));
    const pieces: ReturnType<typeof deferred<{ entries: LogEntry[]; total?: number; stderr?: string[]; warnings?: string[] }>>[] = [];
    bridge.handle("recordingEntries", () => {
      const answer = deferred<{ entries: LogEntry[]; total?: number; stderr?: string[]; warnings?: string[] }>();
      pieces.push(answer);
      return answer.promise;
    });
    bridge.handle("recordingViews", () => VIEWS);
    await user.upload(screen.getByLabelText("Recording file"), new File(['{"mcprec":1}\n'], "growing.mcprec"));
    const banner = await screen.findByRole("region", { name: "Opened recording" });
    expect(banner.textContent).toContain("500 messages so far, 0 stderr lines.");
    expect(banner.textContent).toContain("Reading the messages: 500 here, the rest coming…");
    await until(() => pieces.length === 1);
    await act(async () => pieces[0]!.resolve({ entries: range(500, 5_000) }));
    expect(banner.textContent).toContain("Reading the messages: 5,500 here, the rest coming…");
    await until(() => pieces.length === 2);
    expect(bridge.callsOf("recordingEntries")[1]).toEqual({ handle: "recording-2", from: 5_500, count: 5_000 });
    await act(async () => pieces[1]!.resolve({ entries: range(5_500, 1_000), total: 6_500, stderr: ["late stderr"], warnings: ["Line 6000: the server sent roots/list, but the client did not offer the roots capability"] }));
    expect(banner.textContent).toContain("6,500 messages, 1 stderr lines.");
    expect(banner.textContent).toContain("Line 6000: the server sent roots/list");
    expect(banner.textContent).not.toContain("Reading the messages");
    expect(screen.getByText("6500 of 6500 messages")).toBeTruthy();
    await until(() => bridge.callsOf("recordingViews").length === 1);
  });
});
