// @vitest-environment happy-dom
// Server-provided text is data, never markup: a tool description, an elicitation message, a
// sampling message or a tool result holding HTML is shown as those literal characters.
import "./setup.js";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeBridge, runToolsLikeTheCore } from "./fakeBridge.js";
import { clientTask, elicitation, sampling, session, tool } from "./fixtures.js";
import { renderApp, tabNamed } from "./renderApp.js";

const SCRIPT = `<script>window.__pwned = true</script>`;
const IMG = `<img src="x" onerror="window.__pwned = true">`;
const HOSTILE = `Reads a file. ${SCRIPT} ${IMG}`;

function noInjectedElements(root: HTMLElement) {
  expect(root.querySelectorAll("script")).toHaveLength(0);
  // The only <img> the UI draws are data: images of image content blocks; none here.
  expect(root.querySelectorAll("img")).toHaveLength(0);
  expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
}

describe("untrusted text renders as text", () => {
  it("a tool's name, title, description and result with <script> and <img onerror> are literal text", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listTools", () => ({
      tools: [tool("evil", { title: IMG, description: HOSTILE, inputSchema: { type: "object", properties: { q: { type: "string", title: SCRIPT, description: IMG } } } })],
    }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [{ type: "text", text: IMG }] } }));
    const { container } = await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "evil" }));
    expect(screen.getAllByText(HOSTILE).length).toBeGreaterThan(0);
    expect(screen.getAllByText(IMG).length).toBeGreaterThan(0);
    // A schema title becomes a label: still text.
    expect(screen.getByLabelText(SCRIPT)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Run" }));
    await screen.findByText(/isError|Run 1/);
    noInjectedElements(container);
  });

  it("elicitation and sampling messages with markup are literal text", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp({
      sessions: [session()],
      pendingInputs: [
        elicitation("e1", { message: HOSTILE, requestedSchema: { type: "object", properties: { a: { type: "string", enum: [IMG] } } } }),
        sampling("s1", { messages: [{ role: "user", content: { type: "text", text: HOSTILE } }], systemPrompt: SCRIPT }),
      ],
    });
    await user.click(tabNamed("Elicitations"));
    expect(screen.getByText(HOSTILE)).toBeTruthy();
    expect(screen.getByRole("option", { name: IMG })).toBeTruthy();
    noInjectedElements(container);
    await user.click(tabNamed("Sampling"));
    expect(screen.getByText(HOSTILE)).toBeTruthy();
    expect(screen.getByText(SCRIPT)).toBeTruthy();
    noInjectedElements(container);
  });

  it("no source file of the renderer uses dangerouslySetInnerHTML or innerHTML", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const root = join(import.meta.dirname, "../../renderer/src");
    const files = (await readdir(root, { recursive: true })).filter((f) => /\.(tsx?|jsx?)$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = await readFile(join(root, file), "utf8");
      expect(text, file).not.toMatch(/dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML|document\.write/);
    }
  });
});

describe("names and URIs a server chose show what they hide", () => {
  const OVERRIDE = "safe\u202Eetaerc";
  const shownOverride = "safe⟨U+202E⟩etaerc";
  /** The text of each name shown in `root`, as the eye reads it. */
  const shownNames = (root: ParentNode) => [...root.querySelectorAll(".shown-name")].map((el) => el.textContent);

  it("a prompt's and a resource's name and URI, the server's name and version, a task's tool: each hidden character is a marker", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    bridge.handle("listPrompts", () => ({ prompts: [{ name: OVERRIDE, arguments: [{ name: "ar\u200Bg" }] }] }));
    bridge.handle("getLog", () => ({ entries: [{ seq: 1, sessionId: "s1", direction: "in" as const, time: new Date(0).toISOString(), method: "notifications/\u202Eegassem", payload: {} }], stderr: [] }));
    bridge.handle("listResources", () => ({ resources: [{ uri: "file:///etc/\u200Bpasswd", name: "pass\u0000wd" }] }));
    bridge.handle("listResourceTemplates", () => ({ resourceTemplates: [{ name: "t", uriTemplate: "file:///\u202Edata/{id}/x\u200By" }] }));
    await renderApp(
      {
        sessions: [session({ serverInfo: { name: "srv\u202Erevres", version: "1.0" }, serverCapabilities: { tools: {}, prompts: {}, resources: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } })],
        clientTasks: [{ ...clientTask("t-1", { toolName: OVERRIDE }), task: { ...clientTask("t-1").task, statusMessage: "step \u202Eowt" } }],
      },
      bridge,
    );
    expect(shownNames(document.querySelector(".server-info")!)).toEqual(["srv⟨U+202E⟩revres 1.0"]);

    await user.click(tabNamed("Prompts"));
    await user.click(await screen.findByRole("button", { name: OVERRIDE }));
    // The prompt's name, then its argument's (a form label).
    expect(shownNames(screen.getByRole("region", { name: `Prompt ${OVERRIDE}` }))).toEqual([shownOverride, "ar⟨U+200B⟩g"]);
    expect(shownNames(screen.getByRole("button", { name: OVERRIDE }))).toEqual([shownOverride]);

    await user.click(tabNamed("Resources"));
    const resource = await screen.findByRole("button", { name: "Read file:///etc/\u200Bpasswd" });
    expect(shownNames(resource)).toEqual(["pass⟨U+0000⟩wd", "file:///etc/⟨U+200B⟩passwd"]);
    const template = (await screen.findByRole("form", { name: "Template t" })).querySelector(".template-text")!;
    expect(template.textContent).toBe("file:///⟨U+202E⟩data/{id}/x⟨U+200B⟩y");

    await user.click(tabNamed("Tasks"));
    const row = await screen.findByRole("row", { name: /t-1/ });
    expect(shownNames(row)).toEqual([shownOverride]);
    // Its status message is prose: what could reorder it is a marker.
    expect(row.textContent).toContain("step ⟨U+202E⟩owt");

    // A method a server sent, in the Logs table.
    await user.click(tabNamed("Logs"));
    await waitFor(() => expect(shownNames(document.querySelector('[role="table"], table')!)).toContain("notifications/⟨U+202E⟩egassem"));
  });

  it("a tool's field named by its key shows the key's hidden characters; the arguments carry the key exactly", async () => {
    const user = userEvent.setup();
    const bridge = createFakeBridge();
    const key = "k\u202Eyek";
    bridge.handle("listTools", () => ({ tools: [tool("t", { inputSchema: { type: "object", properties: { [key]: { type: "string" }, list: { type: "array", title: `l\u0000ist`, items: { type: "string" } } } } })] }));
    runToolsLikeTheCore(bridge, () => ({ result: { content: [] } }));
    await renderApp({ sessions: [session()] }, bridge);
    await user.click(await screen.findByRole("button", { name: "t" }));
    const form = screen.getByRole("form", { name: "Arguments for t" });
    const field = form.querySelector<HTMLInputElement>(`input[type="text"]`)!;
    expect(shownNames(form.querySelector(`label[for="${field.id}"]`)!)).toEqual(["k⟨U+202E⟩yek"]);
    expect(shownNames(form.querySelector("legend")!)).toEqual(["l⟨U+0000⟩ist"]);
    await user.type(field, "v");
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(bridge.callsOf("startToolRun")[0]?.arguments).toEqual({ [key]: "v" });
  });
});
