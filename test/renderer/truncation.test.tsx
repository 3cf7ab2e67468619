// @vitest-environment happy-dom
// Payloads over 100 KB are drawn cut: "Show the next 100 KB" adds a piece, "Show all" (up to 1 MB) the rest,
// Copy all takes the whole; JSON is printed lazily, a piece at a time. Smaller ones in full.
import "./setup.js";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { JsonView } from "../../renderer/src/components/JsonView.js";
import { TRUNCATE_BYTES, TruncatedText } from "../../renderer/src/components/TruncatedText.js";
import { createFakeBridge, runToolsLikeTheCore } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

describe("truncation", () => {
  it("text over 100 KB shows its first 100 KB until Show all is pressed", async () => {
    const user = userEvent.setup();
    const big = "a".repeat(150 * 1024) + "THE-END";
    const { container } = render(<TruncatedText text={big} />);
    const pre = container.querySelector("pre") as HTMLPreElement;
    expect(pre.textContent?.length).toBe(TRUNCATE_BYTES);
    expect(pre.textContent?.endsWith("THE-END")).toBe(false);
    expect(screen.getByText(/Showing the first 100 KB of 150 KB/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show all" }));
    expect(pre.textContent).toBe(big);
    expect(screen.queryByRole("button", { name: "Show all" })).toBeNull();
  });

  it("Show all on 900 KB adds the rest a piece per frame, by keyboard too; Show all is not offered past 1 MB", async () => {
    const user = userEvent.setup();
    const big = Array.from({ length: 9000 }, (_, i) => `${String(i).padStart(5, "0")} ${"z".repeat(96)}\n`).join("").slice(0, 900 * 1024);
    const { container, unmount } = render(<TruncatedText text={big} label="Output" />);
    const pre = container.querySelector("pre")!;
    expect(pre.textContent!.length).toBeLessThanOrEqual(TRUNCATE_BYTES);
    screen.getByRole("button", { name: "Show all of Output" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(pre.textContent).toBe(big));
    expect(pre.querySelectorAll(".piece").length).toBeGreaterThanOrEqual(9);
    expect(screen.queryByRole("button", { name: /^Show the next/ })).toBeNull();
    unmount();
    render(<TruncatedText text={"w".repeat(1024 * 1024 + 1)} />);
    expect(screen.getByRole("button", { name: "Show the next 100 KB" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show all" })).toBeNull();
  });

  it("counts bytes, not characters: multi-byte text is cut at 100 KB of UTF-8", () => {
    const big = "é".repeat(60 * 1024); // 120 KB in UTF-8, 60 K characters
    const { container } = render(<TruncatedText text={big} />);
    expect(new TextEncoder().encode(container.querySelector("pre")?.textContent ?? "").length).toBeLessThanOrEqual(TRUNCATE_BYTES);
    expect(screen.getByRole("button", { name: "Show all" })).toBeTruthy();
  });

  it("text under the limit is shown whole, with no Show all", () => {
    const { container } = render(<JsonView value={{ small: "x".repeat(1000) }} />);
    expect(container.querySelector("pre")?.textContent).toContain("x".repeat(1000));
    expect(screen.queryByRole("button", { name: "Show all" })).toBeNull();
  });

  it("a 200 KB tool result in the Tools tab is cut, and Show all draws the rest", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("big")] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text: "b".repeat(200 * 1024) }] } }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "big" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    await user.click(await screen.findByRole("button", { name: "Show all" }));
    expect(document.querySelector(".content-text pre")?.textContent).toBe("b".repeat(200 * 1024));
  });

  it("a 10 MB tool result with a 1 MB string field is drawn collapsed and grows a piece per click; Copy all takes the whole", async () => {
    const user = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
    const line = (i: number) => `line ${i}: ${"lorem ipsum ".repeat(7)}\n`;
    const text = Array.from({ length: 120_000 }, (_, i) => line(i)).join("");
    const field = `${"x".repeat(1024 * 1024 - 4)}TAIL`;
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("huge")] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text }], structuredContent: { field, rows: Array.from({ length: 50_000 }, (_, id) => ({ id })) } } }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "huge" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    const note = await screen.findByText(/Showing the first 100 KB of 1\d\.\d MB/);
    expect(text.length).toBeGreaterThan(10 * 1024 * 1024);
    // Collapsed: the page holds one piece of each (the text's and the structured content's), not megabytes.
    const drawn = () => document.body.textContent!.length;
    expect(drawn()).toBeLessThan(300 * 1024);
    const textPre = document.querySelector(".content-text pre")!;
    expect(textPre.textContent).toBe(text.slice(0, textPre.textContent!.length));
    expect(textPre.textContent!.endsWith("\n")).toBe(true); // a piece ends on a line break where one is near
    // No Show all for 10 MB: it grows a piece per click, each its own block.
    expect(within(note).queryByRole("button", { name: "Show all" })).toBeNull();
    const before = drawn();
    await user.click(within(note).getByRole("button", { name: "Show the next 100 KB" }));
    expect(textPre.querySelectorAll(".piece")).toHaveLength(2);
    expect(drawn() - before).toBeGreaterThan(75 * 1024);
    expect(drawn() - before).toBeLessThanOrEqual(125 * 1024);
    expect(textPre.textContent).toBe(text.slice(0, textPre.textContent!.length));
    await user.click(within(note).getByRole("button", { name: "Show the next 100 KB" }));
    expect(textPre.querySelectorAll(".piece")).toHaveLength(3);
    expect(screen.getByText(/Showing the first 3\d\d KB of 1\d\.\d MB/)).toBeTruthy();
    // The structured content is printed lazily: its 1 MB string is cut, its 50,000 rows not printed yet.
    const structured = document.querySelector(".tool-result > div > .payload.json pre")!;
    expect(structured.textContent!.length).toBeLessThanOrEqual(100 * 1024);
    expect(structured.textContent).toContain('"field": "xxxx');
    expect(structured.textContent).not.toContain("TAIL");
    const jsonNote = structured.parentElement!.querySelector(".truncation-note") as HTMLElement;
    for (let i = 0; i < 10 && !structured.textContent!.includes("TAIL"); i++) await user.click(within(jsonNote).getByRole("button", { name: "Show the next 100 KB" }));
    expect(structured.textContent).toContain('TAIL",\n  "rows": [');
    expect(structured.textContent).not.toContain('"id": 49999');
    await user.click(within(jsonNote).getByRole("button", { name: "Copy all of this text" }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(copied[0]).toBe(JSON.stringify({ field, rows: Array.from({ length: 50_000 }, (_, id) => ({ id })) }, null, 2));
  });

  it("a value of a million items is printed a piece at a time, the same text JSON.stringify writes", async () => {
    const user = userEvent.setup();
    const value = { items: Array.from({ length: 1_000_000 }, (_, i) => ({ i, name: `item ${i}` })) };
    const { container } = render(<JsonView value={value} label="Items" />);
    const pre = container.querySelector("pre")!;
    const whole = JSON.stringify(value, null, 2);
    expect(pre.textContent!.length).toBeLessThanOrEqual(100 * 1024);
    expect(pre.textContent).toBe(whole.slice(0, pre.textContent!.length));
    expect(screen.getByText(/Showing the first 100 KB\./)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show the next 100 KB of Items" }));
    expect(pre.textContent).toBe(whole.slice(0, pre.textContent!.length));
    expect(pre.textContent!.length).toBeGreaterThan(150 * 1024);
  });
});
