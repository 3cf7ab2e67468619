// @vitest-environment happy-dom
// Payloads over 100 KB are drawn truncated with a "Show all" control; smaller ones in full.
import "./setup.js";
import { render, screen } from "@testing-library/react";
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

  it("a huge tool result in the Tools tab is truncated too", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({ tools: [tool("big")] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text: "b".repeat(200 * 1024) }] } }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "big" }));
    await user.click(screen.getByRole("button", { name: "Run" }));
    await user.click(await screen.findByRole("button", { name: "Show all" }));
    expect(screen.getByText("b".repeat(200 * 1024))).toBeTruthy();
  });
});
