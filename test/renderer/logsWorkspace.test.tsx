// @vitest-environment happy-dom
// Logs tab as a place to watch a session: follow newest (paused while the user reads, "N new" resumes),
// newest or oldest first, search inside payloads (plain text, safe on hostile text, matches marked in the
// JSON), the latency of each request, Clear the view (the kept log stays), the JSON beside the table.
import "./setup.js";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InspectorEvent } from "../../shared/contract.js";
import { DEFAULT_SETTINGS, type LogEntry } from "../../shared/types.js";
import { LogsTab } from "../../renderer/src/tabs/logs/LogsTab.js";
import { entryMatches, holds, latencies, logQuery, SEARCH_CHARS_PER_ENTRY } from "../../renderer/src/tabs/logs/logSearch.js";
import { session } from "./fixtures.js";
import { renderWithStore } from "./renderWithStore.js";

const T0 = Date.parse("2026-11-28T10:00:00.000Z");

function entry(seq: number, direction: "in" | "out", message: Record<string, unknown>, atMs = 0): LogEntry {
  const e: LogEntry = { seq, sessionId: "s1", direction, time: new Date(T0 + atMs).toISOString(), payload: { jsonrpc: "2.0", ...message } };
  if (typeof message.method === "string") e.method = message.method;
  if (typeof message.id === "number" || typeof message.id === "string") e.id = message.id;
  return e;
}
const logged = (e: LogEntry): InspectorEvent => ({ type: "logEntry", payload: e });
const settings = { type: "settingsChanged", payload: { ...DEFAULT_SETTINGS, logLimit: 200_000 } } as const;
const pings = (from: number, count: number) => Array.from({ length: count }, (_, i) => logged(entry(from + i, "out", { method: "ping", id: from + i })));
const seqs = () => within(screen.getByRole("table", { name: "Protocol messages" })).getAllByRole("row").slice(1).map((r) => Number(within(r).getAllByRole("cell")[0]!.textContent));
const body = () => screen.getByRole("rowgroup", { name: "Protocol messages rows" });

describe("Logs: follow newest and order", () => {
  it("newest first: new messages arrive at the top while following; scrolling away pauses, keeps the rows read in place, and 'N new' resumes", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...pings(1, 100)] });
    await user.selectOptions(screen.getByRole("combobox", { name: "Order" }), "newest");
    expect(seqs()[0]).toBe(100);
    expect(screen.getByRole("button", { name: "Follow newest" }).getAttribute("aria-pressed")).toBe("true");

    // The user scrolls down to read older messages: following pauses.
    body().scrollTop = 280;
    fireEvent.scroll(body());
    expect(screen.getByRole("button", { name: "Follow newest" }).getAttribute("aria-pressed")).toBe("false");
    act(() => store.getState().applyEvents(pings(101, 3)));
    // Three rows came above the reader: the view moved down by three rows, so the same rows stay in sight.
    expect(body().scrollTop).toBe(280 + 3 * 28);
    const resume = screen.getByRole("button", { name: "3 new" });
    await user.click(resume);
    expect(screen.getByRole("button", { name: "Follow newest" }).getAttribute("aria-pressed")).toBe("true");
    expect(body().scrollTop).toBe(0);
    // A browser fires the scroll event for a scroll made by code; happy-dom does not, so the test does. The
    // list draws the rows for the new offset on its own schedule, which a busy machine can put off.
    fireEvent.scroll(body());
    await waitFor(() => expect(seqs()[0]).toBe(103));
    expect(screen.queryByRole("button", { name: /new$/ })).toBeNull();
  });

  it("oldest first (the default) lists in arrival order; newest first reverses it", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...pings(1, 5)] });
    expect(seqs()).toEqual([1, 2, 3, 4, 5]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Order" }), "newest");
    expect(seqs()).toEqual([5, 4, 3, 2, 1]);
  });
});

describe("Logs: search inside payloads", () => {
  it("finds text anywhere in a message (case-insensitive), marks it in the JSON, and treats the query as plain text", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, {
      snapshot: { sessions: [session()] },
      events: [
        settings,
        logged(entry(1, "out", { method: "tools/call", id: 1, params: { name: "weather", arguments: { city: "Lisbon" } } })),
        logged(entry(2, "in", { id: 1, result: { content: [{ type: "text", text: "Sunny in LISBON (a+)+$ .* [x]" }] } })),
        logged(entry(3, "out", { method: "ping", id: 2 })),
      ],
    });
    const search = screen.getByRole("searchbox", { name: "Search in payloads" });
    await user.type(search, "lisbon");
    await waitFor(() => expect(seqs()).toEqual([1, 2]));
    expect(screen.getByText(/2 match "lisbon"/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show message 2 as JSON" }));
    const json = screen.getByLabelText("Message 2 JSON");
    expect([...json.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["LISBON"]);

    // Characters that mean something to a RegExp are matched as themselves.
    await user.clear(search);
    await user.type(search, "(a+)+$ .* [[x]");
    await waitFor(() => expect(seqs()).toEqual([2]));
    expect([...screen.getByLabelText("Message 2 JSON").querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["(a+)+$ .* [x]"]);
    await user.clear(search);
    await user.type(search, ".*");
    await waitFor(() => expect(seqs()).toEqual([2]));
    await user.clear(search);
    await waitFor(() => expect(seqs()).toEqual([1, 2, 3]));
  });

  it("a message arriving during a search: the matches and the shown JSON stay (the list does not empty and refill), and the new message is searched in the same update", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<LogsTab />, {
      snapshot: { sessions: [session()] },
      events: [
        settings,
        logged(entry(1, "out", { method: "tools/call", id: 1, params: { name: "weather", arguments: { city: "Lisbon" } } })),
        logged(entry(2, "in", { id: 1, result: { content: [{ type: "text", text: "Sunny in Lisbon" }] } })),
      ],
    });
    await user.type(screen.getByRole("searchbox", { name: "Search in payloads" }), "lisbon");
    await waitFor(() => expect(screen.getByText(/2 match "lisbon"/)).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Show message 2 as JSON" }));
    // A server's notification arrives: what the list and the JSON showed is there in the very next render.
    act(() => store.getState().applyEvents([logged(entry(3, "in", { method: "notifications/message", params: { level: "info", data: "rain in lisbon" } }))]));
    // The new message is searched in the same update: the count never reads "searching" on its way.
    expect(seqs()).toEqual([1, 2, 3]);
    expect(screen.getByText(/3 match "lisbon"/)).toBeTruthy();
    expect(screen.getByLabelText("Message 2 JSON")).toBeTruthy();
  });

  it("a message larger than the searched part: text past its first 256 KB is not searched, so one huge message cannot stall the scan", async () => {
    const user = userEvent.setup();
    const huge = `${"x".repeat(SEARCH_CHARS_PER_ENTRY)}needle-at-the-end`;
    renderWithStore(<LogsTab />, {
      snapshot: { sessions: [session()] },
      events: [settings, logged(entry(1, "in", { method: "notifications/message", params: { level: "info", data: huge } })), logged(entry(2, "in", { method: "notifications/message", params: { level: "info", data: "needle-at-the-start" } }))],
    });
    await user.type(screen.getByRole("searchbox", { name: "Search in payloads" }), "needle");
    await waitFor(() => expect(screen.getByText(/1 match "needle"/)).toBeTruthy());
    expect(seqs()).toEqual([2]);
  });

  it("a match past the first 100 KB of a big message (350 KB): its JSON is drawn up to the match, marked, in pieces", async () => {
    const user = userEvent.setup();
    const line = (i: number) => `line ${i} ${"lorem ipsum ".repeat(8)}\n`;
    const text = Array.from({ length: 3600 }, (_, i) => line(i)).join("");
    const data = `${text.slice(0, 200 * 1024)}QUOKKA-17${text.slice(200 * 1024, 350 * 1024)}`;
    const events = Array.from({ length: 30 }, (_, i) => logged(entry(i + 1, "in", { method: "notifications/message", params: { level: "info", data: i === 17 ? data : text.slice(0, 250 * 1024) } })));
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...events] });
    await user.type(screen.getByRole("searchbox", { name: "Search in payloads" }), "quokka-17");
    await waitFor(() => expect(screen.getByText(/1 match "quokka-17"/)).toBeTruthy(), { timeout: 60_000 });
    expect(seqs()).toEqual([18]);
    await user.click(screen.getByRole("button", { name: "Show message 18 as JSON" }));
    const json = screen.getByRole("region", { name: "Message JSON" });
    expect(within(json).getByText("QUOKKA-17").tagName).toBe("MARK");
    // Drawn up to the match (its third piece), not the whole message: there is still a next piece.
    expect(json.querySelectorAll("pre > .piece")).toHaveLength(3);
    expect(within(json).getByRole("button", { name: "Show the next 100 KB of Message 18 JSON" })).toBeTruthy();
  });

  it("200 messages of 32 KB (more than one slice of the scan): every match is found, whatever slices it took", async () => {
    const user = userEvent.setup();
    const big = "y".repeat(32 * 1024);
    const events = Array.from({ length: 200 }, (_, i) => logged(entry(i + 1, "in", { method: "notifications/message", params: { level: "info", data: i % 50 === 0 ? `${big} hit ${i}` : big } })));
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...events] });
    await user.type(screen.getByRole("searchbox", { name: "Search in payloads" }), "hit");
    // Each keystroke restarts the scan; on a busy machine the last one can take a while.
    await waitFor(() => expect(screen.getByText(/4 match "hit"/)).toBeTruthy(), { timeout: 60_000 });
    expect(seqs()).toEqual([1, 51, 101, 151]);
  });
});

describe("Logs: search without copies", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a query is looked for in each key and value where it lies: no message's JSON text is made; a query with a quote is matched in the JSON text", async () => {
    const stringify = vi.spyOn(JSON, "stringify");
    const big = "y".repeat(32 * 1024);
    const events = Array.from({ length: 12 }, (_, i) => logged(entry(i + 1, "in", { method: "notifications/message", params: { level: "info", data: i === 2 ? `${big} HIT ${big}` : big, n: i * 1000 } })));
    const payloads = new Set(events.map((e) => (e.payload as LogEntry).payload));
    const made = () => stringify.mock.calls.filter(([value]) => payloads.has(value)).length;
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...events] });
    const user = userEvent.setup();
    const search = screen.getByRole("searchbox", { name: "Search in payloads" });
    await user.type(search, "hit");
    await waitFor(() => expect(screen.getByText(/1 match "hit"/)).toBeTruthy());
    expect(seqs()).toEqual([3]);
    // Numbers and keys are text too.
    await user.clear(search);
    await user.type(search, "5000");
    await waitFor(() => expect(screen.getByText(/1 match "5000"/)).toBeTruthy());
    expect(seqs()).toEqual([6]);
    expect(made()).toBe(0);
    // A quote reaches across a key and its value: the JSON text, made once per message.
    await user.clear(search);
    await user.type(search, '"n":11000');
    await waitFor(() => expect(screen.getByText(/1 match ""n":11000"/)).toBeTruthy());
    expect(seqs()).toEqual([12]);
    expect(made()).toBe(12);
  });

  it("keys and values in the order of the JSON text, up to its first 256 KB; a message nested 100,000 deep is searched without overflowing", () => {
    const query = logQuery("needle")!;
    const at = (payload: unknown) => entryMatches({ seq: 1, sessionId: "s1", direction: "in", time: "", payload }, query).found;
    expect(at({ needle: 1 })).toBe(true);
    expect(at({ a: "x".repeat(SEARCH_CHARS_PER_ENTRY), b: "needle" })).toBe(false);
    expect(at({ b: "needle", a: "x".repeat(SEARCH_CHARS_PER_ENTRY) })).toBe(true);
    // Cut inside a long value: its part past the bound is not searched.
    expect(at({ a: `${"x".repeat(SEARCH_CHARS_PER_ENTRY - 100)}needle` })).toBe(true);
    expect(at({ a: `${"x".repeat(SEARCH_CHARS_PER_ENTRY)}needle` })).toBe(false);
    let deep: unknown = ["NEEDLE"];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(at(deep)).toBe(true);
    expect(logQuery("  ")).toBeUndefined();
    expect(at({ a: "(a+)+$" })).toBe(false);
    expect(entryMatches({ seq: 1, sessionId: "s1", direction: "in", time: "", payload: { a: "x(A+)+$" } }, logQuery("(a+)+$")!).found).toBe(true);
  });

  it("case-insensitive without a copy: either case, the needle's rarest character looked for first, at either end, and past ASCII", () => {
    const q = (typed: string) => logQuery(typed)!;
    expect(q("quokka-17").anchor).toEqual({ at: 6, chars: ["-"] });
    expect(q("Lorem").anchor).toEqual({ at: 4, chars: ["m", "M"] });
    expect(holds("lorem QUOKKA-17 ipsum", q("quokka-17"))).toBe(true);
    expect(holds("quokka-17", q("QuOkKa-17"))).toBe(true);
    expect(holds("quokka-1", q("quokka-17"))).toBe(false);
    expect(holds("-17 quokka", q("quokka-17"))).toBe(false);
    expect(holds("x-x-x-xm", q("m"))).toBe(true);
    expect(holds("CAFÉ au lait", q("café"))).toBe(true);
    expect(holds("ÉTÉ", q("été"))).toBe(true);
    expect(holds("", q("a"))).toBe(false);
  });
});

describe("Logs: latency and Clear", () => {
  it("latency: a request and its answer both show the time between them, either way; an unanswered request shows none", () => {
    const entries = [
      entry(1, "out", { method: "tools/call", id: 1 }, 0),
      entry(2, "in", { method: "elicitation/create", id: 1 }, 5),
      entry(3, "out", { id: 1, result: {} }, 1505),
      entry(4, "in", { id: 1, result: { content: [] } }, 42),
      entry(5, "out", { method: "ping", id: "p" }, 50),
    ];
    const measured = latencies(entries);
    expect(Object.fromEntries(measured)).toEqual({ 1: 42, 4: 42, 2: 1500, 3: 1500 });
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...entries.map(logged)] });
    const table = screen.getByRole("table", { name: "Protocol messages" });
    const column = within(table).getAllByRole("columnheader").findIndex((h) => h.textContent === "Latency");
    expect(within(table).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[column]!.textContent)).toEqual(["42 ms", "1500 ms", "1500 ms", "42 ms", ""]);
  });

  it("Clear hides the messages so far from the view only; new ones show; Show all brings the rest back", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...pings(1, 4)] });
    await user.click(screen.getByRole("button", { name: "Clear view" }));
    expect(screen.getByText("0 of 4 messages")).toBeTruthy();
    act(() => store.getState().applyEvents(pings(5, 2)));
    expect(seqs()).toEqual([5, 6]);
    // The kept log is untouched (Save and recordings read it).
    expect(store.getState().logs.s1!.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    await user.click(screen.getByRole("button", { name: "Show all (4 cleared)" }));
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("the JSON is shown beside the table, with a divider that can be moved by keyboard", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...pings(1, 2)] });
    const pane = screen.getByRole("region", { name: "Message JSON" });
    expect(pane.textContent).toContain("Choose a message's View");
    await user.click(screen.getByRole("button", { name: "Show message 2 as JSON" }));
    expect(within(pane).getByLabelText("Message 2 JSON").textContent).toContain('"method": "ping"');
    const divider = screen.getByRole("separator", { name: "Resize the message list and its JSON" });
    expect(divider.getAttribute("tabindex")).toBe("0");
  });

  it("a click anywhere on a row shows its JSON; a click on the row's own button does only what that button does", async () => {
    const user = userEvent.setup();
    renderWithStore(<LogsTab />, { snapshot: { sessions: [session()] }, events: [settings, ...pings(1, 3)] });
    const pane = screen.getByRole("region", { name: "Message JSON" });
    const rows = within(screen.getByRole("table", { name: "Protocol messages" })).getAllByRole("row").slice(1);
    await user.click(within(rows[1]!).getAllByRole("cell")[3]!);
    expect(within(pane).getByLabelText("Message 2 JSON")).toBeTruthy();
    expect(rows[1]!.className).toContain("selected");
    // View toggles as before: pressed on the shown message, it hides it, and the row's click does not undo that.
    await user.click(within(rows[1]!).getByRole("button", { name: "Show message 2 as JSON" }));
    expect(pane.textContent).toContain("Choose a message's View");
  });
});
