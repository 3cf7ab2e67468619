// @vitest-environment happy-dom
// The Tools tab's small things (issue 13): tool annotations on the tool's detail, a tool filter with an
// accessible name that works from the keyboard, and long tool names that wrap.
import "./setup.js";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp } from "./renderApp.js";

const LONG = "get_the_current_weather_forecast_for_a_city_and_its_surrounding_region_in_detail";

async function showTools(tools: ReturnType<typeof tool>[]) {
  const user = userEvent.setup();
  const bridge = createFakeBridge();
  bridge.handle("listTools", () => ({ tools }));
  await renderApp({ sessions: [session()] }, bridge);
  await screen.findByRole("button", { name: tools[0]!.name });
  return user;
}

const listNames = () => within(screen.getByRole("region", { name: "Tool list" })).queryAllByRole("listitem").map((li) => li.querySelector(".item-name")?.textContent);

describe("tool annotations", () => {
  it("readOnlyHint, destructiveHint, idempotentHint, openWorldHint and title are shown on the tool's detail", async () => {
    const user = await showTools([
      tool("delete-file", { annotations: { title: "Delete a file", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } }),
      tool("plain"),
    ]);
    await user.click(screen.getByRole("button", { name: "delete-file" }));
    const notes = screen.getByLabelText("Tool annotations");
    const text = notes.textContent!;
    expect(text).toContain("Delete a file");
    for (const said of ["may modify its environment", "destructive", "idempotent", "closed world"]) expect(within(notes).getByText(said)).toBeTruthy();
    expect(text).toContain("readOnlyHint: false · destructiveHint: true · idempotentHint: true · openWorldHint: false");
    expect(within(notes).getByText("destructive").className).toContain("hint-destructive");

    await user.click(screen.getByRole("button", { name: "plain" }));
    expect(screen.queryByLabelText("Tool annotations")).toBeNull();
  });

  it("an absent hint says the spec's default; a read-only tool is not said to be destructive", async () => {
    const user = await showTools([tool("lookup", { annotations: { readOnlyHint: true } })]);
    await user.click(screen.getByRole("button", { name: "lookup" }));
    const notes = screen.getByLabelText("Tool annotations");
    expect(within(notes).getByText("read-only")).toBeTruthy();
    expect(within(notes).queryByText("destructive")).toBeNull();
    expect(notes.textContent).toContain("destructiveHint: absent (the spec's default: true)");
    expect(notes.textContent).toContain("openWorldHint: absent (the spec's default: true)");
  });
});

describe("the tool filter", () => {
  it("filters by name, title or description as the user types, says how many match; Escape clears it, Tab or Down reaches the list", async () => {
    const user = await showTools([
      tool("echo", { description: "Echoes back the input" }),
      tool("add", { title: "Add numbers" }),
      tool("get-tiny-image", { description: "Returns a tiny image" }),
    ]);
    expect(listNames()).toEqual(["echo", "add", "get-tiny-image"]);
    const filter = screen.getByRole("searchbox", { name: "Filter tools by name, title or description" });
    await user.click(filter);
    await user.keyboard("IMAGE");
    expect(listNames()).toEqual(["get-tiny-image"]);
    expect(within(screen.getByRole("region", { name: "Tool list" })).getByRole("status").textContent).toBe("1 of 3 tools match");
    await user.clear(filter);
    await user.type(filter, "numbers");
    expect(listNames()).toEqual(["add"]);
    await user.type(filter, "{Escape}");
    expect((filter as HTMLInputElement).value).toBe("");
    expect(listNames()).toEqual(["echo", "add", "get-tiny-image"]);
    // From the filter, Tab or Down reaches the (filtered) list.
    await user.type(filter, "echo");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "echo" }));
    await user.clear(filter);
    await user.type(filter, "tin{ArrowDown}");
    expect(listNames()).toEqual(["get-tiny-image"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "get-tiny-image" }));
  });
});

describe("long tool names", () => {
  it("wrap: the name carries the class whose rule breaks anywhere, in the list and in the detail's heading", async () => {
    const user = await showTools([tool(LONG)]);
    const name = screen.getByRole("button", { name: LONG }).querySelector(".item-name")!;
    expect(name.closest(".tool-item")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: LONG }));
    expect(screen.getByRole("heading", { name: LONG }).closest(".tool-detail")).not.toBeNull();
    // happy-dom does no layout, so the rule itself is checked: it is what makes the browser wrap.
    const css = readFileSync(resolve("renderer/src/styles/content.css"), "utf8");
    const rule = /\.tool-item \.item-name, \.tool-detail h2 \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toContain("overflow-wrap: anywhere");
    expect(rule).toContain("white-space: normal");
  });
});
