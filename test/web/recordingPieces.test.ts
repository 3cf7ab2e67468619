// Issue 33: a big recording reaches the page in pieces, over the real WebSocket from the real core.
// openRecording answers with the first page, the count and a handle; recordingEntries gives the rest by
// range (bounded per call) and the pieces put together are the whole recording, as one read gives it;
// recordingViews derives the other tabs' views from every entry; the core keeps a few recordings at most.
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../shared/types.js";
import { openRecordingText } from "../../main/core/recordings/sessionRecording.js";
import { FIRST_PAGE, OPENED_KEPT } from "../../main/core/recordings/openedRecordings.js";
import { bigRecording } from "../fixtures/recordings/big.js";
import { PLAIN_RECORDING } from "../fixtures/recordings/hostile.js";
import { rawClient, startTestWebServer } from "./fixture.js";

type Opened = { header: Record<string, unknown>; entries: LogEntry[]; handle: string; total?: number; views?: unknown };

describe("a big recording opened in pieces (issue 33)", () => {
  it("the first answer holds a page and a handle; the pieces fetched after it are the whole recording, views included", async () => {
    const test = await startTestWebServer();
    const client = await rawClient(test);
    let id = 1;
    const text = bigRecording(12_345);
    const whole = openRecordingText(text);
    const opened = await client.request(id++, { type: "call", method: "openRecording", params: { text } });
    expect(opened.ok).toBe(true);
    const first = opened.result as Opened;
    // Answered after the first page was read, before the rest: the count comes with a later piece.
    expect(first.total).toBeUndefined();
    expect(first.entries).toHaveLength(FIRST_PAGE);
    expect(first.entries).toEqual(whole.entries.slice(0, FIRST_PAGE));
    expect(first.views).toBeUndefined();
    expect(first.header).toMatchObject({ mcprec: 1, protocolVersion: "2025-11-25" });
    // The first answer is a small part of what one answer with every entry was.
    expect(JSON.stringify(first).length * 10).toBeLessThan(JSON.stringify(whole.entries).length);

    const entries = [...first.entries];
    let total: number | undefined;
    while (total === undefined || entries.length < total) {
      const piece = await client.request(id++, { type: "call", method: "recordingEntries", params: { handle: first.handle, from: entries.length, count: 5_000 } });
      expect(piece.ok, piece.error?.message).toBe(true);
      const got = piece.result as { entries: LogEntry[]; total?: number; stderr?: string[]; warnings?: string[] };
      expect(got.entries.length).toBeGreaterThan(0);
      expect(got.entries.length).toBeLessThanOrEqual(5_000);
      entries.push(...got.entries);
      if (got.total !== undefined) {
        expect(got).toMatchObject({ stderr: whole.stderr, warnings: whole.warnings });
        total = got.total;
      }
    }
    expect(total).toBe(12_345);
    expect(entries).toEqual(whole.entries);
    // Past the end: nothing, not an error.
    const past = await client.request(id++, { type: "call", method: "recordingEntries", params: { handle: first.handle, from: 20_000, count: 10 } });
    expect(past.result).toMatchObject({ entries: [], total: 12_345 });
    // More than a piece at once is refused by the contract.
    const tooMany = await client.request(id++, { type: "call", method: "recordingEntries", params: { handle: first.handle, from: 0, count: 5_001 } });
    expect(tooMany.ok).toBe(false);

    const views = await client.request(id++, { type: "call", method: "recordingViews", params: { handle: first.handle } });
    expect(views.ok).toBe(true);
    expect(views.result).toEqual(whole.views);
    expect((views.result as { dropped: { toolRuns: number } }).dropped.toolRuns).toBeGreaterThan(0);
  });

  it("the core keeps a few recordings: a newer one drops the oldest, Close forgets one, and a forgotten handle is said", async () => {
    const test = await startTestWebServer();
    const client = await rawClient(test);
    let id = 1;
    const open = async () => {
      const opened = (await client.request(id++, { type: "call", method: "openRecording", params: { text: PLAIN_RECORDING } })).result as Opened;
      // Read whole before the first answer: its count comes with it.
      expect(opened.total).toBe(3);
      return opened.handle;
    };
    const handles: string[] = [];
    for (let i = 0; i <= OPENED_KEPT; i++) handles.push(await open());
    expect(new Set(handles).size).toBe(OPENED_KEPT + 1);

    const entriesOf = (handle: string) => client.request(id++, { type: "call", method: "recordingEntries", params: { handle, from: 0, count: 10 } });
    const oldest = await entriesOf(handles[0]!);
    expect(oldest.ok).toBe(false);
    expect(oldest.error!.message).toContain(`The recording ${handles[0]} is no longer open`);
    expect((await entriesOf(handles[1]!)).ok).toBe(true);
    expect((await client.request(id++, { type: "call", method: "closeRecording", params: { handle: handles[1] } })).ok).toBe(true);
    expect((await entriesOf(handles[1]!)).ok).toBe(false);
    expect((await client.request(id++, { type: "call", method: "recordingViews", params: { handle: handles[1] } })).ok).toBe(false);
    // The newest are still there, and the core answers as before.
    expect(((await entriesOf(handles.at(-1)!)).result as { entries: unknown[] }).entries).toHaveLength(3);
    expect((await client.request(id++, { type: "call", method: "listServers", params: {} })).ok).toBe(true);
  });

  it("a line damaged past the first page: the first page is shown, the piece that reaches it names the line, and so do the views", async () => {
    const test = await startTestWebServer();
    const client = await rawClient(test);
    const lines = bigRecording(20_000).split("\n");
    lines[15_000] = '{"t":1,"dir":"out","msg":';
    const opened = await client.request(1, { type: "call", method: "openRecording", params: { text: lines.join("\n") } });
    expect(opened.ok).toBe(true);
    const { handle, entries } = opened.result as Opened;
    expect(entries).toHaveLength(FIRST_PAGE);
    let from = FIRST_PAGE;
    let failed: string | undefined;
    for (let id = 2; failed === undefined && id < 20; id++) {
      const piece = await client.request(id, { type: "call", method: "recordingEntries", params: { handle, from, count: 5_000 } });
      if (piece.ok) from += (piece.result as { entries: unknown[] }).entries.length;
      else failed = piece.error!.message;
    }
    expect(failed).toBe("Line 15001 is not JSON (Unexpected end of JSON input)");
    expect(from).toBeLessThan(15_000);
    const views = await client.request(30, { type: "call", method: "recordingViews", params: { handle } });
    expect(views.error?.message).toBe("Line 15001 is not JSON (Unexpected end of JSON input)");
  });
});
