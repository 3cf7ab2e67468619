// @vitest-environment happy-dom
// Tool list badges: task support (optional, required), annotations the server declared (read-only,
// destructive, idempotent, open world) and App, each explained on hover and describing the list item
// for a screen reader; the item's name stays the tool's name. Undeclared hints make no badge.
import "./setup.js";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

describe("tool badges", () => {
  it("shows what each tool declares, with tooltips and as the item's accessible description", async () => {
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({
      tools: [
        tool("research", { execution: { taskSupport: "required" }, annotations: { readOnlyHint: true, openWorldHint: true } }),
        tool("wipe", { execution: { taskSupport: "optional" }, annotations: { destructiveHint: true, idempotentHint: true } }),
        tool("view", { _meta: { ui: { resourceUri: "ui://view/app.html" } } }),
        tool("plain", { execution: { taskSupport: "forbidden" }, annotations: { readOnlyHint: false, destructiveHint: false } }),
        // A read-only tool's destructive and idempotent hints are meaningless (the spec): not shown.
        tool("reader", { annotations: { readOnlyHint: true, destructiveHint: true } }),
      ],
    }));
    await renderApp({ sessions: [session()] }, bridge);
    const research = await screen.findByRole("button", { name: "research" });
    expect(research.getAttribute("aria-describedby")).toBeTruthy();
    expect(labels(research)).toEqual(["task: required", "read-only", "open world"]);
    expect(accessibleDescription(research)).toContain("Task support required: it runs only as a task");
    expect(titles(research)).toContain("The server says it reaches outside entities, such as the web (openWorldHint)");
    const wipe = screen.getByRole("button", { name: "wipe" });
    expect(labels(wipe)).toEqual(["task: optional", "destructive", "idempotent"]);
    expect(wipe.querySelector(".tool-badge-warn")!.textContent).toMatch(/^destructive/);
    expect(labels(screen.getByRole("button", { name: "view" }))).toEqual(["App"]);
    expect(titles(screen.getByRole("button", { name: "view" }))).toEqual(["MCP App: ui://view/app.html"]);
    const plain = screen.getByRole("button", { name: "plain" });
    expect(labels(plain)).toEqual([]);
    expect(plain.getAttribute("aria-describedby")).toBeNull();
    expect(labels(screen.getByRole("button", { name: "reader" }))).toEqual(["read-only"]);
    // Every description points at one element: ids are unique.
    const ids = screen.getAllByRole("button").flatMap((b) => (b.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
    for (const id of ids) expect(document.querySelectorAll(`[id="${id}"]`)).toHaveLength(1);
  });
});

function badges(item: HTMLElement): HTMLElement[] {
  return [...item.querySelectorAll<HTMLElement>(".tool-badge")];
}
function labels(item: HTMLElement): string[] {
  return badges(item).map((b) => b.firstChild!.textContent!);
}
function titles(item: HTMLElement): string[] {
  return badges(item).map((b) => b.title);
}
function accessibleDescription(item: HTMLElement): string {
  return (item.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}
