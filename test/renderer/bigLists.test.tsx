// @vitest-environment happy-dom
// Issue 33: 100,000 tools, resources and prompts. Each list draws a window of rows (happy-dom gives
// every element 600 px: one row in view plus the virtualiser's few), says its full size to assistive
// technology, finds what is typed in its filter among all of them, and the keyboard reaches every item.
// A 1 MB name or description is drawn cut.
import "./setup.js";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Prompt, Resource } from "@modelcontextprotocol/sdk/types.js";
import { createFakeBridge } from "./fakeBridge.js";
import { session, tool } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const N = 100_000;
const MB = 1024 * 1024;
const pad = (i: number) => String(i).padStart(6, "0");
const numbered = <T,>(make: (i: number) => T) => Array.from({ length: N }, (_, k) => make(k + 1));
/** Every few rows more than a screenful is a list drawn whole. */
const WINDOW_AT_MOST = 30;

const region = (name: string) => screen.getByRole("region", { name });
const items = (name: string) => within(region(name)).queryAllByRole("listitem");
const names = (name: string) => items(name).map((li) => li.querySelector(".item-name")?.textContent);
const focusedName = () => document.activeElement?.getAttribute("aria-label");

async function showTools(tools = numbered((i) => tool(`tool-${pad(i)}`, { description: i % 1000 === 0 ? `a rare thousandth tool ${i}` : `Tool ${i}` }))) {
  const user = userEvent.setup();
  const bridge = createFakeBridge();
  bridge.handle("listTools", () => ({ tools }));
  await renderApp({ sessions: [session()] }, bridge);
  await screen.findByRole("button", { name: "tool-000003" });
  return user;
}

describe("100,000 tools", () => {
  it("only a window of rows is in the DOM; each says its place among all; the count and filter are above the list", async () => {
    await showTools();
    expect(within(region("Tool list")).getByRole("heading", { level: 2 }).textContent).toBe(`Tools (${N})`);
    const drawn = items("Tool list");
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThanOrEqual(WINDOW_AT_MOST);
    expect(drawn[0]!.getAttribute("aria-setsize")).toBe(String(N));
    expect(drawn[0]!.getAttribute("aria-posinset")).toBe("1");
    expect(names("Tool list")[0]).toBe("tool-000001");
  });

  it("the filter searches all 100,000 (name and description) and the list shows what it found", async () => {
    const user = await showTools();
    const filter = screen.getByRole("searchbox", { name: "Filter tools by name, title or description" });
    await user.type(filter, "RARE THOUSANDTH");
    await within(region("Tool list")).findByText(`100 of ${N} tools match`);
    expect(names("Tool list").slice(0, 3)).toEqual(["tool-001000", "tool-002000", "tool-003000"]);
    expect(items("Tool list")[0]!.getAttribute("aria-setsize")).toBe("100");
    // A filter that leaves few of a long list still draws a window of them.
    expect(items("Tool list").length).toBeLessThanOrEqual(WINDOW_AT_MOST);
    await user.clear(filter);
    await user.type(filter, "tool-09999");
    await within(region("Tool list")).findByText(`10 of ${N} tools match`);
    expect(names("Tool list")[0]).toBe("tool-099990");
    expect(items("Tool list").length).toBeLessThanOrEqual(10);
  });

  it("the keyboard moves through all of them: Down from the filter, Down, End, Up, Home, Page Down; Enter selects", async () => {
    const user = await showTools();
    await user.click(screen.getByRole("searchbox", { name: "Filter tools by name, title or description" }));
    await user.keyboard("{ArrowDown}");
    expect(focusedName()).toBe("tool-000001");
    await user.keyboard("{ArrowDown}");
    expect(focusedName()).toBe("tool-000002");
    await user.keyboard("{End}");
    expect(focusedName()).toBe(`tool-${pad(N)}`);
    expect(document.activeElement!.closest("li")!.getAttribute("aria-posinset")).toBe(String(N));
    await user.keyboard("{ArrowUp}");
    expect(focusedName()).toBe(`tool-${pad(N - 1)}`);
    await user.keyboard("{Home}");
    expect(focusedName()).toBe("tool-000001");
    await user.keyboard("{PageDown}");
    expect(focusedName()).not.toBe("tool-000001");
    await user.keyboard("{End}{Enter}");
    expect(await screen.findByRole("form", { name: `Arguments for tool-${pad(N)}` })).toBeTruthy();
    // Still a window: the rows between were never all drawn.
    expect(items("Tool list").length).toBeLessThanOrEqual(WINDOW_AT_MOST);
    // One item in the Tab order: the one reached.
    const inTabOrder = items("Tool list").flatMap((li) => [...li.querySelectorAll("button")].filter((b) => b.tabIndex === 0));
    expect(inTabOrder.map((b) => b.getAttribute("aria-label"))).toEqual([`tool-${pad(N)}`]);
  });

  it("tools only their App calls are a list of their own after the others, named by its heading wherever the list is scrolled", async () => {
    const tools = numbered((i) => tool(`tool-${pad(i)}`, i > N - 3 ? { _meta: { ui: { resourceUri: "ui://v", visibility: ["app"] } } } : {}));
    const user = await showTools(tools);
    const apart = within(region("Tool list")).getByRole("list", { name: "Called by its App (3)" });
    expect(within(apart).queryAllByRole("listitem").length).toBeLessThanOrEqual(3);
    await user.click(screen.getByRole("searchbox", { name: "Filter tools by name, title or description" }));
    await user.keyboard("{ArrowDown}{End}");
    expect(focusedName()).toBe(`tool-${pad(N)}`);
    expect(document.activeElement!.closest("ul")).toBe(apart);
    await user.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}");
    // Up from the first of them goes past the heading to the last ordinary tool.
    expect(focusedName()).toBe(`tool-${pad(N - 3)}`);
  });

  it("a 1 MB name or description is drawn cut, and the list stays a window", async () => {
    const tools = numbered((i) => tool(`tool-${pad(i)}`));
    tools[0] = tool(`huge-name-${"n".repeat(MB)}`);
    tools[1] = tool("huge-description", { description: `huge ${"d".repeat(MB)}` });
    await showTools(tools);
    const [first, second] = items("Tool list");
    expect(first!.textContent!.length).toBeLessThan(2_000);
    expect(first!.querySelector("button")!.getAttribute("aria-label")!.length).toBeLessThan(2_000);
    expect(second!.textContent!.length).toBeLessThan(2_000);
    expect(items("Tool list").length).toBeLessThanOrEqual(WINDOW_AT_MOST);
  });
});

describe("a short list", () => {
  it("of up to 200 is drawn whole (find-in-page finds every item)", async () => {
    await showTools(Array.from({ length: 150 }, (_, i) => tool(`tool-${pad(i + 1)}`)));
    expect(items("Tool list")).toHaveLength(150);
  });
});

describe("100,000 resources and prompts", () => {
  it("resources: a window of rows, the filter finds by URI among all", async () => {
    const bridge = createFakeBridge();
    const resources: Resource[] = numbered((i) => ({ uri: `file:///many/r${pad(i)}.txt`, name: `resource-${pad(i)}` }));
    bridge.handle("listResources", () => ({ resources }));
    bridge.handle("listResourceTemplates", () => ({ resourceTemplates: [] }));
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ serverCapabilities: { resources: {} } })] }, bridge);
    await user.click(tabNamed("Resources"));
    await screen.findByRole("button", { name: "Read file:///many/r000001.txt" });
    expect(items("Resource list").length).toBeLessThanOrEqual(WINDOW_AT_MOST);
    await user.type(screen.getByRole("searchbox", { name: "Filter resources by name, URI or description" }), "r07777");
    await within(region("Resource list")).findByText(`10 of ${N} resources match`);
    expect(names("Resource list")[0]).toBe("resource-077770");
    await user.keyboard("{ArrowDown}{End}");
    expect(document.activeElement!.getAttribute("aria-label")).toBe("Read file:///many/r077779.txt");
  });

  it("prompts: a window of rows, the filter finds among all, Enter opens the prompt", async () => {
    const bridge = createFakeBridge();
    const prompts: Prompt[] = numbered((i) => ({ name: `prompt-${pad(i)}`, description: `Prompt ${i}` }));
    bridge.handle("listPrompts", () => ({ prompts }));
    const user = userEvent.setup();
    await renderApp({ sessions: [session({ serverCapabilities: { prompts: {} } })] }, bridge);
    await user.click(tabNamed("Prompts"));
    await screen.findByRole("button", { name: "prompt-000001" });
    expect(items("Prompt list").length).toBeLessThanOrEqual(WINDOW_AT_MOST);
    await user.type(screen.getByRole("searchbox", { name: "Filter prompts by name, title or description" }), "prompt-05432");
    await within(region("Prompt list")).findByText(`10 of ${N} prompts match`);
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(await screen.findByRole("region", { name: "Prompt prompt-054321" })).toBeTruthy();
  });
});
